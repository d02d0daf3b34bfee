import { answerOf, server } from "../lib/api";

/** What the desk can do with a scanned code: the units it names, each with its open loan if any. */
export function scanCode(code: string) {
  return answerOf(server.api.banco.scansione.get({ query: { codice: code } }), "Codice non trovato");
}
