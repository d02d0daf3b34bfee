/**
 * Said on start and on the Sistema page while no public address is configured: why reset links are
 * off, and what the QR codes fall back to.
 */
export const PUBLIC_URL_UNSET =
  "PUBLIC_URL non è impostato, né l'URL pubblico nelle Impostazioni: le e-mail non contengono link e i link per reimpostare la password sono disattivati, perché l'indirizzo da cui arriva una richiesta può essere falsificato. Chi ha dimenticato la password si rivolge al banco, che ne imposta una nuova. I codici QR useranno l'indirizzo da cui arriva ogni richiesta. Impostalo (variabile PUBLIC_URL, --public-url o l'URL pubblico nelle Impostazioni) con l'indirizzo usato da studenti e banco.";

/**
 * How a label's QR code is drawn: a quiet zone, and each module several pixels wide so it stays sharp
 * at print size. The Banco's camera test reads a code drawn the same way.
 */
export const LABEL_QR = { errorCorrectionLevel: "M", margin: 2, scale: 4 } as const;

/** What a unit's label encodes: the item page with that unit selected. */
export function unitLabelUrl(baseUrl: string, itemId: number, unitCode: string): string {
  return `${baseUrl}/inventario/${itemId}?unita=${encodeURIComponent(unitCode)}`;
}

/** What a kit's label encodes: the kit's page. */
export function kitLabelUrl(baseUrl: string, kitId: number): string {
  return `${baseUrl}/kit/${kitId}`;
}

/** The code printed on a kit's label, for typing by hand: `KIT-12`. */
export function kitLabelCode(kitId: number): string {
  return `KIT-${kitId}`;
}

/** The kit a typed code names (`KIT-12`, any case), or null. A unit with that very code comes first. */
export function typedKitId(code: string): number | null {
  const typed = /^kit-(\d{1,12})$/i.exec(code.trim());
  return typed ? Number(typed[1]) : null;
}

/** What the desk scanned or typed: a unit code, an item (its QR has no unit), or a kit's label. */
export type ScannedCode =
  | { kind: "unit"; code: string }
  | { kind: "item"; itemId: number }
  | { kind: "kit"; kitId: number };

/**
 * Reads a unit label's, item QR's or kit label's address (whatever host it names) or a bare unit code typed by
 * hand or by a USB scanner. Null when there is nothing to look up.
 */
export function parseScannedCode(text: string): ScannedCode | null {
  const value = text.trim();
  if (value === "") return null;
  const kitLink = /\/kit\/(\d{1,12})$/.exec(value);
  if (kitLink) return { kind: "kit", kitId: Number(kitLink[1]) };
  const link = /\/inventario\/(\d+)(?:\?(.*))?$/.exec(value);
  if (link) {
    const unit = new URLSearchParams(link[2] ?? "").get("unita");
    if (unit?.trim()) return { kind: "unit", code: unit.trim() };
    return { kind: "item", itemId: Number(link[1]) };
  }
  return { kind: "unit", code: value };
}
