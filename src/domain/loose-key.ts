/**
 * How a person's spelling of a name is compared with PrestaLab's: without accents, case, spaces or
 * punctuation ("Quantità" = "quantita", "Q.tà" = "qta", "regia e videomaking" = "Regia e Videomaking").
 */
export function looseKey(text: string): string {
  // Decomposed, an accented letter is its letter plus a mark, and marks go with spaces and punctuation.
  return text
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}
