/** The shortest text the global search looks for: one letter would match nearly everything. */
export const MIN_SEARCH_LENGTH = 2;
