import type { users } from "./db/schema";

/** The signed-in user a request acts for: services take it first and decide what it may see and do. */
export type Actor = typeof users.$inferSelect;
