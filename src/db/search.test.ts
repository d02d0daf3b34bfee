import { describe, expect, it } from "bun:test";
import { createTestContext } from "../testing/harness";
import { KEPT_MATCH_IDS, keptPerTerm } from "./search";

/** A kept search whose value holds as many ids as the term asks for, counting how often it is built. */
function countedSearch() {
  const builds: string[] = [];
  const search = keptPerTerm(
    (_db, term) => {
      builds.push(term);
      return Number(term.split(":")[1]);
    },
    (ids) => ids,
  );
  return { builds, search };
}

describe("what a search term matches, kept between calls", () => {
  it("is worked out once per term until the searched text changes", () => {
    const { db, sqlite } = createTestContext();
    const { builds, search } = countedSearch();
    search(db, "canon:10");
    search(db, "canon:10");
    search(db, "canon:10", "seriale desc");
    expect(builds).toEqual(["canon:10", "canon:10"]);
    sqlite.run("INSERT INTO inventario (nome, data_aggiunta) VALUES ('Canon 70D', '2026-03-10')");
    search(db, "canon:10");
    expect(builds).toEqual(["canon:10", "canon:10", "canon:10"]);
  });

  it("drops the least recently used terms to stay within its budget, and keeps none bigger than it", () => {
    const { db } = createTestContext();
    const { builds, search } = countedSearch();
    const half = `a:${KEPT_MATCH_IDS / 2}`;
    search(db, half);
    search(db, "b:10");
    search(db, half);
    search(db, `c:${KEPT_MATCH_IDS / 2}`);
    expect(builds).toEqual([half, "b:10", `c:${KEPT_MATCH_IDS / 2}`]);
    // "b" was used before "a": it went first, and "a" (with "c") still fits.
    search(db, half);
    search(db, "b:10");
    expect(builds.slice(3)).toEqual(["b:10"]);
    const huge = `h:${KEPT_MATCH_IDS + 1}`;
    search(db, huge);
    search(db, huge);
    expect(builds.slice(4)).toEqual([huge, huge]);
  });
});
