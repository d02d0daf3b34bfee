import { studentApi, TODAY } from "./loan-fixtures";
import type { ApiRoutes } from "./mock-api";
import { adminShellApi } from "./shell-api";

/** What the item page reads about one item: the item itself and its availability calendar. */
function itemRoutes<Item extends { id: number }>(item: Item, availability: unknown): ApiRoutes {
  return {
    [`GET /api/inventario/${item.id}`]: { body: item },
    [`GET /api/inventario/${item.id}/disponibilita`]: { body: availability },
  };
}

/** The desk on an item's page: the shell quiet, today the fixtures' TODAY, no history yet. */
export function deskItemPageApi<Item extends { id: number }>(item: Item, availability: unknown): ApiRoutes {
  return {
    ...adminShellApi,
    "GET /api/health": { body: { ok: true, today: TODAY } },
    ...itemRoutes(item, availability),
    "GET /api/audit": { body: [] },
  };
}

/** A student (Giulia) on an item's page. */
export function studentItemPageApi<Item extends { id: number }>(item: Item, availability: unknown): ApiRoutes {
  return { ...studentApi(), ...itemRoutes(item, availability) };
}
