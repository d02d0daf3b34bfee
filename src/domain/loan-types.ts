import { looseKey } from "./loose-key";

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

/** The usual ways a sheet writes each loan type, compared by `looseKey` ("Prestito / Esterno" = "prestitoesterno"). */
const LOAN_TYPE_WORDINGS: Record<LoanType, string[]> = {
  solo_esterno: [
    "solo_esterno",
    LOAN_TYPE_LABELS.solo_esterno,
    "esterno",
    "solo esterno",
    "prestito",
    "solo prestito",
    "uso esterno",
    "fuori sede",
    "external",
    "loan",
  ],
  solo_interno: [
    "solo_interno",
    LOAN_TYPE_LABELS.solo_interno,
    "interno",
    "solo interno",
    "lezione",
    "solo lezione",
    "uso interno",
    "in sede",
    "internal",
    "in class",
  ],
  entrambi: [
    "entrambi",
    LOAN_TYPE_LABELS.entrambi,
    "entrambe",
    "interno/esterno",
    "esterno/interno",
    "prestito / lezione",
    "interno e esterno",
    "tutti",
    "both",
  ],
};

const LOAN_TYPE_BY_WORDING = new Map<string, LoanType>(
  LOAN_TYPES.flatMap((type) => LOAN_TYPE_WORDINGS[type].map((wording) => [looseKey(wording), type] as const)),
);

/** The loan type a sheet's wording means, whatever its case, accents or spacing; null when it means none. */
export function loanTypeFromWording(text: string): LoanType | null {
  return LOAN_TYPE_BY_WORDING.get(looseKey(text)) ?? null;
}
