import type { LoanView } from "../../../src/modules/loans/model";
import { formatDate } from "./dates";

/** "Da ritirare dal 12/03/2026" for a loan nobody collected yet, else null: both views say it the same. */
export function toCollectText(loan: Pick<LoanView, "fase" | "data_uscita">): string | null {
  return loan.fase === "da_ritirare" ? `Da ritirare dal ${formatDate(loan.data_uscita)}` : null;
}
