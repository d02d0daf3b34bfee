import { Elysia, t } from "elysia";
import { visibleItems } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { unitFreeToday } from "../../domain/availability";
import { authPlugin, type TokenService } from "../../http/auth";
import { notFound } from "../../http/errors";
import { type Reads, readsPlugin } from "../../read-model";
import { freeTodayFields } from "../availability/today";
import { bookedRanges } from "../loans/bookings";
import { DEFAULT_PAGE_SIZE, type PagedAnswer, type PageQuery, pageOf } from "../paging";
import { messageAnswer } from "../schemas";
import { type ItemView, loadItemViews, studentItemView } from "./item-views";
import { CATALOGUE, inventorySummary, listInventory, WHOLE_ITEMS } from "./list-query";
import {
  bookableUnit,
  catalogueList,
  catalogueQuery,
  category,
  categoryBody,
  categoryDeleted,
  categoryParams,
  categoryWithCount,
  inventoryItem,
  inventoryList,
  inventoryQuery,
  inventorySummary as inventorySummaryAnswer,
  inventoryUnit,
  itemBody,
  itemParams,
  unitLostBody,
  unitParams,
} from "./model";
import {
  archiveItem,
  createCategory,
  createItem,
  deleteCategory,
  getItem,
  listCategories,
  renameCategory,
  setUnitLost,
  updateItem,
} from "./service";
import { loadUnitViews } from "./unit-status";

/** An item as this caller may see it: students only reach items assigned to their course. */
function itemFor(ctx: AppContext, actor: Actor, id: number): ItemView {
  const scope = visibleItems(actor);
  if (scope.kind === "all") return getItem(ctx, id);
  const [item] =
    scope.kind === "course" ? loadItemViews(ctx.db, ctx.clock.today(), { ids: [id], course: scope.course }) : [];
  if (!item) throw notFound("Articolo non trovato");
  return studentItemView(item);
}

/** Between two units free today, the one free for longer first: nothing booked ahead (null) before any date. */
function freeLongerFirst(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return b.localeCompare(a);
}

/**
 * Units that can be booked for some dates (not lost, not in repair), free ones first (the one free for
 * longer first), each with its free stretch today and the
 * date ranges already taken, so a borrower can pick a unit and free dates. The server's overlap
 * check at booking time stays the authority.
 */
function bookableUnits(ctx: AppContext, item: ItemView) {
  const units = item.unita.filter((unit) => unit.stato !== "perso" && unit.stato !== "in_riparazione");
  const unitIds = units.map((unit) => unit.id);
  const today = ctx.clock.today();
  const ranges = bookedRanges(ctx.db, unitIds, today);
  const freeToday = new Map(loadUnitViews(ctx.db, today, { unitIds }).map((unit) => [unit.id, unit.oggi]));
  return units
    .map((unit) => ({
      ...unit,
      ...freeTodayFields(freeToday.get(unit.id) ?? unitFreeToday([], today)),
      prenotazioni: ranges.get(unit.id) ?? [],
    }))
    .sort(
      (a, b) =>
        Number(b.stato === "disponibile") - Number(a.stato === "disponibile") ||
        freeLongerFirst(a.libera_fino_al, b.libera_fino_al),
    );
}

function emptyPage(query: PageQuery): PagedAnswer<never> {
  const page = pageOf(query) ?? { number: 1, size: DEFAULT_PAGE_SIZE };
  return { elementi: [], totale: 0, pagina: page.number, per_pagina: page.size };
}

/** What the item lists read: an item's units are free, lent, requested or in repair. */
const ITEMS: Reads = ["inventory", "loans", "requests", "repairs"];

export function inventoryModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .get("/inventario", ({ query }) => listInventory(ctx.db, ctx.clock.today(), query, WHOLE_ITEMS), {
      auth: "admin",
      reads: ITEMS,
      query: inventoryQuery,
      response: inventoryList,
    })
    .get("/inventario/riepilogo", () => inventorySummary(ctx.db, ctx.clock.today()), {
      auth: "admin",
      reads: ITEMS,
      response: inventorySummaryAnswer,
    })
    .get(
      "/inventario/disponibili",
      ({ actor, query }) => {
        const scope = visibleItems(actor);
        if (scope.kind === "all") return listInventory(ctx.db, ctx.clock.today(), query, CATALOGUE);
        if (scope.kind === "none") return pageOf(query) ? emptyPage(query) : [];
        return listInventory(ctx.db, ctx.clock.today(), query, { ...CATALOGUE, course: scope.course });
      },
      { auth: "signed-in", reads: ITEMS, query: catalogueQuery, response: catalogueList },
    )
    .get("/inventario/:id", ({ actor, params }) => itemFor(ctx, actor, Number(params.id)), {
      auth: "signed-in",
      params: itemParams,
      response: inventoryItem,
    })
    .get(
      "/inventario/:id/disponibili",
      ({ actor, params }) => bookableUnits(ctx, itemFor(ctx, actor, Number(params.id))),
      // The date ranges taken include the holds of the waiting lists.
      {
        auth: "signed-in",
        reads: ["inventory", "loans", "requests", "repairs", "demand"],
        params: itemParams,
        response: t.Array(bookableUnit),
      },
    )
    .get("/inventario/:id/units", ({ actor, params }) => itemFor(ctx, actor, Number(params.id)).unita, {
      auth: "signed-in",
      reads: ITEMS,
      params: itemParams,
      response: t.Array(inventoryUnit),
    })
    .post("/inventario", ({ actor, body }) => createItem(ctx, actor, body), {
      auth: "admin",
      body: itemBody,
      response: inventoryItem,
    })
    .put("/inventario/:id", ({ actor, body, params }) => updateItem(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: itemParams,
      body: itemBody,
      response: inventoryItem,
    })
    .delete(
      "/inventario/:id",
      ({ actor, params }) => {
        archiveItem(ctx, actor, Number(params.id));
        return { message: "Articolo eliminato" };
      },
      { auth: "admin", params: itemParams, response: messageAnswer },
    )
    .put(
      "/inventario/:id/units/:unitId",
      ({ actor, body, params }) => setUnitLost(ctx, actor, Number(params.id), Number(params.unitId), body.perso),
      { auth: "admin", params: unitParams, body: unitLostBody, response: inventoryItem },
    )
    .get("/categorie-semplici", () => listCategories(ctx), {
      auth: "signed-in",
      reads: ["inventory"],
      response: t.Array(categoryWithCount),
    })
    .post("/categorie-semplici", ({ actor, body }) => createCategory(ctx, actor, body), {
      auth: "admin",
      body: categoryBody,
      response: category,
    })
    .put("/categorie-semplici/:id", ({ actor, body, params }) => renameCategory(ctx, actor, Number(params.id), body), {
      auth: "admin",
      params: categoryParams,
      body: categoryBody,
      response: category,
    })
    .delete(
      "/categorie-semplici/:id",
      ({ actor, params }) => {
        const moved = deleteCategory(ctx, actor, Number(params.id));
        return { message: "Categoria eliminata", spostati: moved };
      },
      { auth: "admin", params: categoryParams, response: categoryDeleted },
    );
}
