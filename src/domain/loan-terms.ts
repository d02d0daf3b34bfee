/**
 * The terms printed on every loan receipt until the desk writes its own in the settings. One place,
 * so the receipt and the settings' placeholder say the same.
 */
export const DEFAULT_LOAN_TERMS =
  "Chi riceve l'attrezzatura ne è responsabile fino alla restituzione e si impegna a usarla con cura, " +
  "solo per attività didattiche, e a riportarla completa di accessori entro la data di rientro. " +
  "Guasti, danni o smarrimenti vanno segnalati subito al banco prestiti. Ogni ritardo nella restituzione " +
  "comporta penalità: da 1 a 3 giorni 1 penalità, da 4 a 7 giorni 2, oltre 7 giorni 3; con 3 penalità " +
  "l'account viene bloccato fino allo sblocco di persona presso l'ufficio.";

/** The accessories of an item, one per line, as a list (blank lines dropped). */
export function checklistItems(checklist: string | null | undefined): string[] {
  return (checklist ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
