import { users, usersPerRuolo } from "../../db/schema";
import { keptCount } from "./kept-count";

/**
 * Accounts per role: the users list's tabs read it instead of counting every account. Kept true by the
 * triggers `users_per_ruolo_insert`, `_update` (of `ruolo` only) and `_delete` on `users` (migration
 * 0015): every registration, every change of role and every deleted account.
 */
export const usersPerRole = keptCount({
  counter: usersPerRuolo,
  key: usersPerRuolo.ruolo,
  count: usersPerRuolo.quanti,
  rows: users,
  by: users.ruolo,
  keptBy: {
    migration: "0015_kept_counts",
    triggers: ["users_per_ruolo_insert", "users_per_ruolo_update", "users_per_ruolo_delete"],
    writes: "insert, update of ruolo, delete on users",
  },
});
