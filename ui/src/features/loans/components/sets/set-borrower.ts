import type { SetSummary } from "../../../../api/prenotazioni";

/** "Giulia Bianchi (M1234)": who the set is for, as the desk reads it. */
export function setBorrower(set: Pick<SetSummary, "utente_nome" | "utente_cognome" | "matricola">): string {
  const name = `${set.utente_nome ?? ""} ${set.utente_cognome ?? ""}`.trim() || "Utente eliminato";
  return set.matricola ? `${name} (${set.matricola})` : name;
}
