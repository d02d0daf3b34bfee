import { itemsPerCourse } from "./items-per-course";
import type { KeptCount } from "./kept-count";
import { loansPerItem } from "./loans-per-item";
import { loansPerState } from "./loans-per-state";
import { openLoansPerDueDay } from "./open-loans-per-due-day";
import { requestsPerItem } from "./requests-per-item";
import { requestsPerState } from "./requests-per-state";
import { usersPerRole } from "./users-per-role";

export type { KeptCount } from "./kept-count";
export { openLoansDueOn } from "./open-loans-per-due-day";

/** Every counter table of the read model, each with what keeps it true and how to rebuild it. */
export const KEPT_COUNTS: readonly KeptCount[] = [
  loansPerState,
  usersPerRole,
  requestsPerState,
  loansPerItem,
  requestsPerItem,
  itemsPerCourse,
  openLoansPerDueDay,
];
