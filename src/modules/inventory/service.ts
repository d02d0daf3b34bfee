import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import {
  categorie,
  corsi,
  inventario,
  inventarioCorsi,
  prestiti,
  prestitiUnita,
  richieste,
  riparazioni,
  segnalazioni,
  unita,
} from "../../db/schema";
import { qualified } from "../../db/sql";
import { writeTransaction } from "../../db/transaction";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { ITEM_TEXT_LIMITS } from "../../domain/item-limits";
import type { LoanType } from "../../domain/loan-types";
import { isPhotoUrl } from "../../domain/photos";
import { textKey } from "../../domain/text-key";
import { defaultUnitCodes, MAX_UNITS_PER_ITEM, unitCodeProblem } from "../../domain/unit-codes";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { offerFreedUnitsStep } from "../demand/offers";
import { anyKitPinnedUnit, liveKitPinningUnit, liveKitWithItem } from "../kits/pins";
import { openLoansOfUnits } from "../loans/open-loans";
import { optionalText, requiredText } from "../text-fields";
import { type ItemView, loadItemViews } from "./item-views";
import { liveItem } from "./live-item";
import type { CategoryInput, ItemInput, UnitInput } from "./model";
import { type UnitIdentity, unitIdentity } from "./unit-identity";
import { unitsOfItem } from "./units";

interface ValidItem {
  fields: {
    nome: string;
    posizione: string | null;
    fornitore: string | null;
    marca: string | null;
    modello: string | null;
    seriale: string | null;
    checklist: string | null;
    note: string | null;
    immagineUrl: string | null;
    tipoPrestito: LoanType;
    categoriaId: number | null;
    /** Absent when the input does not name it: an edit that leaves it out keeps the item's own limit. */
    durataMassimaGiorni?: number | null;
  };
  courseIds: number[];
  units: Array<{ id: number | null; code: string; note: string | null; identity: UnitIdentity }>;
}

export function isWebAddress(text: string): boolean {
  try {
    const parsed = new URL(text);
    return parsed.protocol === "https:" || parsed.protocol === "http:";
  } catch {
    return false;
  }
}

function imageUrl(value: unknown): string | null {
  const url = optionalText(value, ITEM_TEXT_LIMITS.immagineUrl);
  // An item without a link shows its first photo's address: sent back by the edit form, it is no link.
  if (isPhotoUrl(url)) return null;
  if (url === null || isWebAddress(url)) return url;
  throw badRequest("Il link dell'immagine deve essere un indirizzo web (http o https)");
}

/** Course names to ids, in the order given; an unknown name is a 400. */
export function courseIdsFor(db: Db, value: string[]): number[] {
  const names = [...new Set(value.map((name) => name.trim()))];
  const rows = db.select().from(corsi).where(inArray(corsi.nome, names)).all();
  const unknown = names.find((name) => !rows.some((row) => row.nome === name));
  if (unknown !== undefined) throw badRequest(`Corso non valido: ${unknown || "(vuoto)"}`);
  // Keep the order given: the first course is the item's categoria_madre.
  return names.map((name) => rows.find((row) => row.nome === name)?.id as number);
}

function categoryIdFor(db: Db, value: ItemInput["categoria_id"]): number | null {
  if (value === null || value === undefined || value === "") return null;
  const id = Number(value);
  if (!db.select({ id: categorie.id }).from(categorie).where(eq(categorie.id, id)).get())
    throw badRequest("Categoria non trovata");
  return id;
}

function maxLoanDaysFor(value: ItemInput["durata_massima_giorni"]): { durataMassimaGiorni?: number | null } {
  if (value === undefined) return {};
  return { durataMassimaGiorni: value === "" ? null : value };
}

function unitsFor(name: string, units: UnitInput[] | undefined, quantity: ItemInput["quantita_totale"]) {
  const tooMany = badRequest(`Al massimo ${MAX_UNITS_PER_ITEM} unità per articolo`);
  let list: Exclude<UnitInput, string>[];
  if (units && units.length > 0) {
    if (units.length > MAX_UNITS_PER_ITEM) throw tooMany;
    list = units.map((unit) => (typeof unit === "string" ? { codice_univoco: unit } : unit));
  } else {
    const count = Number(quantity);
    if (!Number.isInteger(count) || count < 1) throw badRequest("Compila tutti i campi obbligatori");
    // Checked before generating the codes: a huge quantity must not cost the server anything.
    if (count > MAX_UNITS_PER_ITEM) throw tooMany;
    list = defaultUnitCodes(name, count).map((code) => ({ codice_univoco: code }));
  }
  const seen = new Set<string>();
  return list.map((unit) => {
    const code = requiredText(unit.codice_univoco, "Ogni unità deve avere un codice univoco", ITEM_TEXT_LIMITS.codice);
    const problem = unitCodeProblem(code);
    if (problem) throw badRequest(problem);
    if (seen.has(textKey(code))) throw badRequest(`Codice ripetuto nell'elenco: ${code}`);
    seen.add(textKey(code));
    return {
      id: unit.id ?? null,
      code,
      note: optionalText(unit.note, ITEM_TEXT_LIMITS.notaUnita),
      identity: unitIdentity(unit),
    };
  });
}

function validItem(db: Db, input: ItemInput): ValidItem {
  const nome = requiredText(input.nome, "Compila tutti i campi obbligatori", ITEM_TEXT_LIMITS.nome);
  const tipo = input.tipo_prestito ?? "solo_esterno";
  return {
    fields: {
      nome,
      posizione: optionalText(input.posizione ?? input.scaffale, ITEM_TEXT_LIMITS.posizione),
      fornitore: optionalText(input.fornitore, ITEM_TEXT_LIMITS.fornitore),
      marca: optionalText(input.marca, ITEM_TEXT_LIMITS.marca),
      modello: optionalText(input.modello, ITEM_TEXT_LIMITS.modello),
      seriale: optionalText(input.seriale, ITEM_TEXT_LIMITS.seriale),
      checklist: optionalText(input.checklist, ITEM_TEXT_LIMITS.checklist),
      note: optionalText(input.note, ITEM_TEXT_LIMITS.note),
      immagineUrl: imageUrl(input.immagine_url),
      tipoPrestito: tipo,
      categoriaId: categoryIdFor(db, input.categoria_id),
      ...maxLoanDaysFor(input.durata_massima_giorni),
    },
    courseIds: courseIdsFor(db, input.corsi_assegnati),
    units: unitsFor(nome, input.unita, input.quantita_totale),
  };
}

/** 409 when a code is already used by a unit outside `ownUnitIds` (archived units keep their codes). */
function assertCodesFree(db: Db, codes: string[], ownUnitIds: number[]) {
  if (codes.length === 0) return;
  const taken = db
    .select({ id: unita.id, code: unita.codiceUnivoco })
    .from(unita)
    .where(inArray(unita.codiceChiave, codes.map(textKey)))
    .all()
    .find((row) => !ownUnitIds.includes(row.id));
  if (taken) throw conflict(`Codice univoco già esistente: ${taken.code}`);
}

/** A unit's code with its uniqueness key: every write of a code goes through here. */
export function unitCode(code: string) {
  return { codiceUnivoco: code, codiceChiave: textKey(code) };
}

function replaceCourses(db: Db, itemId: number, courseIds: number[]) {
  db.delete(inventarioCorsi).where(eq(inventarioCorsi.inventarioId, itemId)).run();
  db.insert(inventarioCorsi)
    .values(courseIds.map((corsoId, posizione) => ({ inventarioId: itemId, corsoId, posizione })))
    .run();
}

export function getItem(ctx: AppContext, id: number): ItemView {
  const [item] = loadItemViews(ctx.db, ctx.clock.today(), { ids: [id] });
  if (!item) throw notFound("Articolo non trovato");
  return item;
}

export function createItem(ctx: AppContext, admin: Actor, input: ItemInput): ItemView {
  const id = writeTransaction(ctx.db, (tx) => {
    const valid = validItem(tx, input);
    assertCodesFree(
      tx,
      valid.units.map((unit) => unit.code),
      [],
    );
    const item = tx
      .insert(inventario)
      .values({ ...valid.fields, dataAggiunta: ctx.clock.today() })
      .returning({ id: inventario.id })
      .get();
    replaceCourses(tx, item.id, valid.courseIds);
    tx.insert(unita)
      .values(
        valid.units.map((unit) => ({
          inventarioId: item.id,
          ...unitCode(unit.code),
          note: unit.note,
          ...unit.identity,
        })),
      )
      .run();
    recordAudit(tx, ctx.clock, admin, {
      action: "item.create",
      entity: "item",
      entityId: item.id,
      summary: `Creato "${valid.fields.nome}" con ${valid.units.length} unità`,
    });
    return item.id;
  });
  return getItem(ctx, id);
}

/** Bookings or work that keep a unit in use: it cannot be removed while any is open. */
function unitInUse(db: Db, unitId: number): boolean {
  const [openLoan] = openLoansOfUnits(db, [unitId]);
  const pending = db
    .select({ id: richieste.id })
    .from(richieste)
    .where(and(eq(richieste.unitId, unitId), eq(richieste.stato, REQUEST_STATE.pending)))
    .get();
  const repair = db
    .select({ id: riparazioni.id })
    .from(riparazioni)
    .where(and(eq(riparazioni.unitId, unitId), eq(riparazioni.stato, "in_corso")))
    .get();
  return Boolean(openLoan || pending || repair);
}

function unitHasHistory(db: Db, unitId: number): boolean {
  const tables = [
    db.select({ id: prestitiUnita.unitId }).from(prestitiUnita).where(eq(prestitiUnita.unitId, unitId)),
    db.select({ id: richieste.id }).from(richieste).where(eq(richieste.unitId, unitId)),
    db.select({ id: riparazioni.id }).from(riparazioni).where(eq(riparazioni.unitId, unitId)),
    db.select({ id: segnalazioni.id }).from(segnalazioni).where(eq(segnalazioni.unitId, unitId)),
  ];
  return tables.some((query) => query.get() !== undefined) || anyKitPinnedUnit(db, unitId);
}

/**
 * Edits an item and reconciles its units by id: listed units are renamed, new ones added, missing
 * ones removed (archived when they have history; refused while booked). All or nothing.
 */
export function updateItem(ctx: AppContext, admin: Actor, id: number, input: ItemInput): ItemView {
  writeTransaction(ctx.db, (tx) => {
    liveItem(tx, id);
    const valid = validItem(tx, input);
    const current = tx
      .select()
      .from(unita)
      .where(and(eq(unita.inventarioId, id), isNull(unita.archivedAt)))
      .all();
    const currentIds = current.map((unit) => unit.id);
    const foreign = valid.units.find((unit) => unit.id !== null && !currentIds.includes(unit.id));
    if (foreign) throw badRequest(`L'unità ${foreign.code} non appartiene a questo articolo`);
    const keptIds = valid.units.flatMap((unit) => (unit.id === null ? [] : [unit.id]));
    if (new Set(keptIds).size !== keptIds.length) throw badRequest("Unità ripetuta nell'elenco");
    const removed = current.filter((unit) => !keptIds.includes(unit.id));
    for (const unit of removed) {
      if (unitInUse(tx, unit.id))
        throw conflict(
          `Impossibile rimuovere l'unità ${unit.codiceUnivoco}: è prenotata, in prestito o in riparazione`,
        );
      const kitName = liveKitPinningUnit(tx, unit.id);
      if (kitName !== null)
        throw conflict(`Impossibile rimuovere l'unità ${unit.codiceUnivoco}: è fissata nel kit «${kitName}»`);
    }
    // A removed unit with history is archived and keeps its code, so that code cannot be reused here.
    const archivedIds = removed.filter((unit) => unitHasHistory(tx, unit.id)).map((unit) => unit.id);
    assertCodesFree(
      tx,
      valid.units.map((unit) => unit.code),
      currentIds.filter((unitId) => !archivedIds.includes(unitId)),
    );
    const now = ctx.clock.now().toISOString();
    for (const unit of removed) {
      if (archivedIds.includes(unit.id)) tx.update(unita).set({ archivedAt: now }).where(eq(unita.id, unit.id)).run();
      else tx.delete(unita).where(eq(unita.id, unit.id)).run();
    }
    // Two passes so that codes swapped between units never collide half-way. The parked key starts
    // with a control character, which no code may hold: it can never equal another unit's key.
    for (const unit of valid.units.filter((u) => u.id !== null)) {
      tx.update(unita)
        .set({ codiceChiave: `\u0000${unit.id}` })
        .where(eq(unita.id, unit.id as number))
        .run();
    }
    for (const unit of valid.units) {
      if (unit.id === null)
        tx.insert(unita)
          .values({ inventarioId: id, ...unitCode(unit.code), note: unit.note, ...unit.identity })
          .run();
      else
        tx.update(unita)
          .set({ ...unitCode(unit.code), note: unit.note, ...unit.identity })
          .where(eq(unita.id, unit.id))
          .run();
    }
    tx.update(inventario).set(valid.fields).where(eq(inventario.id, id)).run();
    replaceCourses(tx, id, valid.courseIds);
    // Units added may be what a waiting list waits for.
    offerFreedUnitsStep(tx, ctx, [id]);
    recordAudit(tx, ctx.clock, admin, {
      action: "item.update",
      entity: "item",
      entityId: id,
      summary: `Modificato "${valid.fields.nome}" (${valid.units.length} unità${removed.length ? `, ${removed.length} rimosse` : ""})`,
    });
  });
  return getItem(ctx, id);
}

/** Archives an item: hidden everywhere, history kept. Refused while it is lent, requested or in repair. */
export function archiveItem(ctx: AppContext, admin: Actor, id: number): void {
  writeTransaction(ctx.db, (tx) => {
    const item = liveItem(tx, id);
    const openLoan = tx
      .select({ id: prestiti.id })
      .from(prestiti)
      .where(and(eq(prestiti.inventarioId, id), inArray(prestiti.stato, OPEN_LOAN_STATES)))
      .get();
    if (openLoan) throw conflict("Impossibile eliminare: l'articolo ha prestiti attivi.");
    const pending = tx
      .select({ id: richieste.id })
      .from(richieste)
      .where(and(eq(richieste.inventarioId, id), eq(richieste.stato, REQUEST_STATE.pending)))
      .get();
    if (pending) throw conflict("Impossibile eliminare: l'articolo ha richieste in attesa.");
    const repair = tx
      .select({ id: riparazioni.id })
      .from(riparazioni)
      .where(and(eq(riparazioni.inventarioId, id), eq(riparazioni.stato, "in_corso")))
      .get();
    if (repair) throw conflict("Impossibile eliminare: l'articolo ha riparazioni in corso.");
    const kitName = liveKitWithItem(tx, id);
    if (kitName !== null) throw conflict(`Impossibile eliminare: l'articolo è nel kit «${kitName}».`);
    const now = ctx.clock.now().toISOString();
    tx.update(inventario).set({ archivedAt: now }).where(eq(inventario.id, id)).run();
    tx.update(unita)
      .set({ archivedAt: now })
      .where(and(eq(unita.inventarioId, id), isNull(unita.archivedAt)))
      .run();
    recordAudit(tx, ctx.clock, admin, {
      action: "item.delete",
      entity: "item",
      entityId: id,
      summary: `Eliminato "${item.nome}" (archiviato con il suo storico)`,
    });
  });
}

/** Marks a unit lost, or found again. A lost unit cannot be booked. */
export function setUnitLost(ctx: AppContext, admin: Actor, itemId: number, unitId: number, lost: boolean) {
  writeTransaction(ctx.db, (tx) => {
    const [unit] = unitsOfItem(tx, itemId, [unitId]);
    if (!unit) throw notFound("Unità non trovata");
    if (unit.lost === lost) return;
    tx.update(unita).set({ perso: lost }).where(eq(unita.id, unitId)).run();
    if (!lost) offerFreedUnitsStep(tx, ctx, [itemId]);
    recordAudit(tx, ctx.clock, admin, {
      action: lost ? "unit.lost" : "unit.found",
      entity: "unit",
      entityId: unitId,
      summary: `Unità ${unit.code} ${lost ? "segnata come persa" : "ritrovata"}`,
    });
  });
  return getItem(ctx, itemId);
}

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

function categoryName(value: string): string {
  return requiredText(value, "Il nome della categoria è obbligatorio", ITEM_TEXT_LIMITS.categoria);
}

function assertCategoryNameFree(db: Db, nome: string, exceptId?: number) {
  const clash = db
    .select({ id: categorie.id })
    .from(categorie)
    .where(and(sql`lower(${categorie.nome}) = lower(${nome})`, exceptId ? ne(categorie.id, exceptId) : undefined))
    .get();
  if (clash) throw conflict("Esiste già una categoria con questo nome");
}

export function listCategories(ctx: AppContext) {
  return ctx.db
    .select({
      id: categorie.id,
      nome: categorie.nome,
      oggetti: sql<number>`(select count(*) from inventario i where i.categoria_id = ${qualified(categorie.id)} and i.archived_at is null)`,
    })
    .from(categorie)
    .orderBy(sql`lower(${categorie.nome})`)
    .all();
}

export function createCategory(ctx: AppContext, admin: Actor, input: CategoryInput) {
  const nome = categoryName(input.nome);
  return writeTransaction(ctx.db, (tx) => {
    assertCategoryNameFree(tx, nome);
    const created = tx.insert(categorie).values({ nome }).returning().get();
    recordAudit(tx, ctx.clock, admin, {
      action: "category.create",
      entity: "category",
      entityId: created.id,
      summary: `Creata la categoria "${nome}"`,
    });
    return created;
  });
}

export function renameCategory(ctx: AppContext, admin: Actor, id: number, input: CategoryInput) {
  const nome = categoryName(input.nome);
  return writeTransaction(ctx.db, (tx) => {
    const existing = tx.select().from(categorie).where(eq(categorie.id, id)).get();
    if (!existing) throw notFound("Categoria non trovata");
    assertCategoryNameFree(tx, nome, id);
    const updated = tx.update(categorie).set({ nome }).where(eq(categorie.id, id)).returning().get();
    recordAudit(tx, ctx.clock, admin, {
      action: "category.rename",
      entity: "category",
      entityId: id,
      summary: `Categoria "${existing.nome}" rinominata in "${nome}"`,
    });
    return updated;
  });
}

/** Deletes a category; its items move to "no category". Returns how many moved. */
export function deleteCategory(ctx: AppContext, admin: Actor, id: number): number {
  return writeTransaction(ctx.db, (tx) => {
    const existing = tx.select().from(categorie).where(eq(categorie.id, id)).get();
    if (!existing) throw notFound("Categoria non trovata");
    // Archived items move too, but only the ones still listed count, as in the list's `oggetti`.
    const moved = tx
      .update(inventario)
      .set({ categoriaId: null })
      .where(eq(inventario.categoriaId, id))
      .returning({ archivedAt: inventario.archivedAt })
      .all()
      .filter((item) => item.archivedAt === null).length;
    tx.delete(categorie).where(eq(categorie.id, id)).run();
    recordAudit(tx, ctx.clock, admin, {
      action: "category.delete",
      entity: "category",
      entityId: id,
      summary: `Eliminata la categoria "${existing.nome}" (${moved} articoli spostati in "nessuna categoria")`,
    });
    return moved;
  });
}
