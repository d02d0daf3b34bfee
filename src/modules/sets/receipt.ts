import { eq } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { prenotazioni } from "../../db/schema";
import { DEFAULT_LOAN_TERMS } from "../../domain/loan-terms";
import { SIGNATURE_PNG_PREFIX } from "../../domain/sets";
import { italianDate, italianDateTime, pdfResponse } from "../counter/documents";
import type { ReceiptContent } from "../counter/pdf";
import { renderPdf } from "../counter/pdf-jobs";
import { readSettings } from "../settings/service";
import { setOrNotFound, setRowFor } from "./set-rows";

interface Signature {
  tipo: "disegno" | "password";
  png: string | null;
  signedAt: string;
  signer: Actor;
}

/**
 * The set's agreement: every unit handed over (or still to collect) with its model, every accessory, the
 * dates and the academy's terms; with the student's signature once signed.
 */
export async function renderSetReceipt(ctx: AppContext, id: number, signature: Signature | null): Promise<Uint8Array> {
  const set = setOrNotFound(ctx, id);
  const zone = ctx.clock.timeZone;
  const facts: Array<[string, string]> = [
    ["Prenotazione", `n. ${set.id}${set.kit_nome ? ` (kit ${set.kit_nome})` : ""}`],
    ["Intestatario", `${set.utente_nome ?? ""} ${set.utente_cognome ?? ""}`.trim() || "—"],
  ];
  if (set.utente_email) facts.push(["Email", set.utente_email]);
  if (set.matricola) facts.push(["Matricola", set.matricola]);
  facts.push(["Dal", italianDate(set.dal)], ["Da restituire entro", italianDate(set.al)]);
  if (set.consegnato_il) facts.push(["Consegnata", italianDateTime(set.consegnato_il, zone)]);
  if (set.note) facts.push(["Note", set.note]);
  const lent = set.righe.filter((line) => line.prestito_id !== null && line.fase !== "annullato");
  const content: ReceiptContent = {
    appName: ctx.appName,
    title: `Accordo di prestito — prenotazione n. ${set.id}`,
    facts,
    itemName: `${lent.length} unità`,
    units: lent.map((line) => ({
      code: `${line.oggetto_nome}: ${line.codice_univoco}`,
      condition: line.fase === "da_ritirare" ? "da ritirare" : undefined,
    })),
    checklist: set.accessori
      .filter((accessory) => accessory.consegnati > 0)
      .map((accessory) => `${accessory.consegnati} × ${accessory.nome}`),
    terms: readSettings(ctx.db).testo_condizioni.trim() || DEFAULT_LOAN_TERMS,
    signatures: ["Firma di chi riceve", "Firma del banco prestiti"],
    signed: signature
      ? {
          pngBase64: signature.png ? signature.png.slice(SIGNATURE_PNG_PREFIX.length) : null,
          caption:
            signature.tipo === "disegno"
              ? `Firmato sul banco il ${italianDateTime(signature.signedAt, zone)}`
              : `Confermato con la password di ${signature.signer.name} ${signature.signer.surname} il ${italianDateTime(signature.signedAt, zone)}`,
        }
      : undefined,
    footer: `Stampata il ${italianDateTime(signature?.signedAt ?? ctx.clock.now().toISOString(), zone)}`,
  };
  return renderPdf({ kind: "receipt", content });
}

/**
 * The receipt a student downloads under their set: the signed PDF exactly as signed (its SHA-256 is in the
 * audit trail), or, before signing, the agreement as it stands.
 */
export async function setReceipt(ctx: AppContext, actor: Actor, id: number): Promise<Response> {
  setRowFor(ctx.db, actor, id);
  const stored = ctx.db
    .select({ pdf: prenotazioni.ricevutaPdf })
    .from(prenotazioni)
    .where(eq(prenotazioni.id, id))
    .get();
  const pdf = stored?.pdf ? new Uint8Array(stored.pdf) : await renderSetReceipt(ctx, id, null);
  return pdfResponse(pdf, `accordo-prenotazione-${id}.pdf`);
}
