/**
 * The form in which codes, emails and usernames are compared and kept unique: Unicode NFC, lower-cased
 * by JavaScript's full Unicode rules. SQLite's own `lower`/`upper` fold ASCII only (`CAMÉRA` would
 * differ from `caméra`), so this key is computed here and stored in a column with a unique index.
 */
export function textKey(value: string): string {
  return value.normalize("NFC").toLowerCase();
}

/**
 * Italian alphabetical order, for sorting names and codes. One collator shared by every sort:
 * `localeCompare(other, "it")` builds one per comparison, which at thousands of rows is most of a sort.
 */
export const italianOrder = new Intl.Collator("it").compare;
