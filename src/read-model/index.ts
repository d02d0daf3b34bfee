/**
 * The read model: what the lists and counts read, kept between calls, and what tells them the data
 * changed. The rest of the server takes it from here only (src/layering.test.ts checks it).
 *
 * - response-cache.ts: the polled lists' answers, kept per user until a resource they read changes;
 * - list-readers.ts, list-reader-worker.ts: the threads that compute those lists on a miss;
 * - whole-list.ts: the spec's whole lists, streamed in stretches;
 * - gzipped-list.ts: the whole inventory and catalogues, kept gzipped in pieces a write re-encodes alone;
 * - item-journal.ts, unit-counts.ts: each item's unit counts and texts, kept per connection and
 *   brought up to date from the `item_changes` journal;
 * - kept-search.ts: the totals of the desk's open searches;
 * - request-counts.ts, history-totals.ts: the statistics' counts, kept per process;
 * - counters/: one file per counter table the triggers keep, saying which triggers and how to rebuild it;
 * - reads.ts: the `reads` macro, by which a route names what it reads (writes name nothing: triggers
 *   bump the versions, see reads.ts).
 */

export { KEPT_COUNTS, type KeptCount, openLoansDueOn } from "./counters";
export { gzippedJsonAnswer, gzippedJsonOf, gzippedList } from "./gzipped-list";
export { historyTotal } from "./history-totals";
export { type JournalMark, journalSince, keptPerItem } from "./item-journal";
export {
  type KeptSearchTotal,
  keptSearchTotal,
  matchingItems,
  matchingUsers,
  unitsOfOtherItems,
} from "./kept-search";
export { type ListReaders, readsOffThread, startListReaders } from "./list-readers";
export { declaredReads, type Reads, type Resource, readsPlugin, resourcesRead } from "./reads";
export { groupedCountsSince, RankedCounts, requestCountsSince } from "./request-counts";
export { compressedStream, createResponseCache, encodeJson, jsonResponse } from "./response-cache";
export { type ItemCounts, itemCounts, itemCountTotals, lowStockItemIds, pruneItemChanges } from "./unit-counts";
export { idsOf, isStreamedList, type WholeList, wholeList } from "./whole-list";
