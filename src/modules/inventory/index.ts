import { Elysia, t } from "elysia";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { notFound } from "../../http/errors";
import { idParam } from "../../http/input";
import { bookedRanges } from "../loans/bookings";
import { DEFAULT_PAGE_SIZE, type PagedAnswer, type PageQuery, pageOf } from "../paging";
import { type ItemView, loadItemViews, studentItemView } from "./item-views";
import { inventorySummary, listInventory } from "./list-query";
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

const anyValue = t.Optional(t.Unknown());
const itemBody = t.Object(
  {
    nome: anyValue,
    quantita_totale: anyValue,
    posizione: anyValue,
    scaffale: anyValue,
    fornitore: anyValue,
    seriale: anyValue,
    checklist: anyValue,
    note: anyValue,
    immagine_url: anyValue,
    tipo_prestito: anyValue,
    corsi_assegnati: anyValue,
    categoria_madre: anyValue,
    categoria_id: anyValue,
    unita: anyValue,
    durata_massima_giorni: anyValue,
  },
  { error: "Dati dell'oggetto non validi" },
);
const nameBody = t.Object({ nome: anyValue }, { error: "Il nome della categoria è obbligatorio" });

/** An item as this caller may see it: students only reach items assigned to their course. */
function itemFor(ctx: AppContext, actor: Actor, id: number): ItemView {
  if (actor.ruolo === "admin") return getItem(ctx, id);
  const [item] = actor.corsoAccademico
    ? loadItemViews(ctx.db, ctx.clock.today(), { ids: [id], course: actor.corsoAccademico })
    : [];
  if (!item) throw notFound("Oggetto non trovato");
  return studentItemView(item);
}

/**
 * Units that can be booked for some dates (not lost, not in repair), free ones first, each with the
 * date ranges already taken, so a borrower can pick a unit and free dates. The server's overlap
 * check at booking time stays the authority.
 */
function bookableUnits(ctx: AppContext, item: ItemView) {
  const units = item.unita.filter((unit) => unit.stato !== "perso" && unit.stato !== "in_riparazione");
  const ranges = bookedRanges(
    ctx.db,
    units.map((unit) => unit.id),
    ctx.clock.today(),
  );
  return units
    .map((unit) => ({ ...unit, prenotazioni: ranges.get(unit.id) ?? [] }))
    .sort((a, b) => Number(b.stato === "disponibile") - Number(a.stato === "disponibile"));
}

const text = (error: string) => t.Optional(t.String({ maxLength: 200, error }));
const pageFields = {
  pagina: text("Pagina non valida"),
  per_pagina: text("Elementi per pagina non validi (da 1 a 200)"),
};
/** The spec's filters of the inventory list, and its page. */
const inventoryQuery = t.Object({
  search: text("Ricerca non valida"),
  categoria: text("Categoria non valida"),
  corso: text("Corso non valido"),
  stato: text("Stato non valido"),
  dateFrom: text("Data non valida (formato AAAA-MM-GG)"),
  dateTo: text("Data non valida (formato AAAA-MM-GG)"),
  sortBy: text("Ordinamento non valido"),
  sortOrder: text("Ordine non valido: usa asc o desc"),
  ...pageFields,
});
/** A student's catalogue: search, category and state, and its page. */
const catalogueQuery = t.Object({
  search: text("Ricerca non valida"),
  categoria: text("Categoria non valida"),
  stato: text("Stato non valido"),
  ...pageFields,
});

function emptyPage(query: PageQuery): PagedAnswer<ItemView> {
  const page = pageOf(query) ?? { number: 1, size: DEFAULT_PAGE_SIZE };
  return { elementi: [], totale: 0, pagina: page.number, per_pagina: page.size };
}

export function inventoryModule(ctx: AppContext, tokens: TokenService) {
  const itemId = (value: string) => idParam(value, "Oggetto non valido");
  return new Elysia()
    .use(authPlugin(tokens))
    .get("/inventario", ({ query }) => listInventory(ctx.db, ctx.clock.today(), query), {
      auth: "admin",
      query: inventoryQuery,
    })
    .get("/inventario/riepilogo", () => inventorySummary(ctx.db, ctx.clock.today()), { auth: "admin" })
    .get(
      "/inventario/disponibili",
      ({ actor, query }) => {
        if (actor.ruolo === "admin") return listInventory(ctx.db, ctx.clock.today(), query);
        if (!actor.corsoAccademico) return pageOf(query) ? emptyPage(query) : [];
        const answer = listInventory(ctx.db, ctx.clock.today(), query, { course: actor.corsoAccademico });
        return Array.isArray(answer)
          ? answer.map(studentItemView)
          : { ...answer, elementi: answer.elementi.map(studentItemView) };
      },
      { auth: "signed-in", query: catalogueQuery },
    )
    .get("/inventario/:id", ({ actor, params }) => itemFor(ctx, actor, itemId(params.id)), { auth: "signed-in" })
    .get(
      "/inventario/:id/disponibili",
      ({ actor, params }) => bookableUnits(ctx, itemFor(ctx, actor, itemId(params.id))),
      { auth: "signed-in" },
    )
    .get("/inventario/:id/units", ({ actor, params }) => itemFor(ctx, actor, itemId(params.id)).unita, {
      auth: "signed-in",
    })
    .post("/inventario", ({ actor, body }) => createItem(ctx, actor, body), { auth: "admin", body: itemBody })
    .put("/inventario/:id", ({ actor, body, params }) => updateItem(ctx, actor, itemId(params.id), body), {
      auth: "admin",
      body: itemBody,
    })
    .delete(
      "/inventario/:id",
      ({ actor, params }) => {
        archiveItem(ctx, actor, itemId(params.id));
        return { message: "Oggetto eliminato" };
      },
      { auth: "admin" },
    )
    .put(
      "/inventario/:id/units/:unitId",
      ({ actor, body, params }) =>
        setUnitLost(ctx, actor, itemId(params.id), idParam(params.unitId, "Unità non valida"), body.perso),
      {
        auth: "admin",
        body: t.Object({ perso: t.Boolean({ error: "Indica se l'unità è persa (perso: true o false)" }) }),
      },
    )
    .get("/categorie-semplici", () => listCategories(ctx), { auth: "signed-in" })
    .post("/categorie-semplici", ({ actor, body }) => createCategory(ctx, actor, body), {
      auth: "admin",
      body: nameBody,
    })
    .put(
      "/categorie-semplici/:id",
      ({ actor, body, params }) => renameCategory(ctx, actor, idParam(params.id, "Categoria non valida"), body),
      { auth: "admin", body: nameBody },
    )
    .delete(
      "/categorie-semplici/:id",
      ({ actor, params }) => {
        const moved = deleteCategory(ctx, actor, idParam(params.id, "Categoria non valida"));
        return { message: "Categoria eliminata", spostati: moved };
      },
      { auth: "admin" },
    );
}
