/** The columns the desk's loan table sorts by (`GET /api/prestiti?ordina=…`), for the server and the screen. */
export const LOAN_SORT_KEYS = ["oggetto", "studente", "dal", "al", "restituito"] as const;
export type LoanSortKey = (typeof LOAN_SORT_KEYS)[number];

export function isLoanSortKey(value: string): value is LoanSortKey {
  return (LOAN_SORT_KEYS as readonly string[]).includes(value);
}

/** The columns the desk's table of pending requests sorts by (`GET /api/richieste?ordina=…`). */
export const REQUEST_SORT_KEYS = ["oggetto", "studente", "dal", "al", "creata"] as const;
export type RequestSortKey = (typeof REQUEST_SORT_KEYS)[number];
