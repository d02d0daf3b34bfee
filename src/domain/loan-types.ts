export const LOAN_TYPES = ["solo_esterno", "solo_interno", "entrambi"] as const;
export type LoanType = (typeof LOAN_TYPES)[number];
/** How a booking is used: in class at the academy, or taken out. */
export const USAGE_TYPES = ["interno", "esterno"] as const;
export type UsageType = (typeof USAGE_TYPES)[number];

export const LOAN_TYPE_LABELS: Record<LoanType, string> = {
  solo_interno: "Lezione / Interno",
  solo_esterno: "Prestito / Esterno",
  entrambi: "Lezione / Prestito",
};

export function isLoanType(value: unknown): value is LoanType {
  return typeof value === "string" && (LOAN_TYPES as readonly string[]).includes(value);
}

/** The usage a booking of an item implies; only `entrambi` items let the borrower choose. */
export function impliedUsage(loanType: LoanType, chosen: UsageType | null | undefined): UsageType | null {
  if (loanType === "solo_interno") return "interno";
  if (loanType === "solo_esterno") return "esterno";
  return chosen ?? null;
}
