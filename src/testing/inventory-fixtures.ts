import { count, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../context";
import {
  auditLog,
  categorie,
  inventario,
  inventarioCorsi,
  prestiti,
  prestitiUnita,
  richieste,
  riparazioni,
  unita,
} from "../db/schema";
import { createTestClient, type Json, registerStudent, signInAdmin, type TestClient } from "./harness";

/**
 * Inventory scenarios for tests: an admin, a student of Fotografia and one of Design, and helpers
 * that put bookings straight into the database (the loan and repair APIs are tested elsewhere).
 */
export async function inventoryScenario() {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const student = await registerStudent(client, { corso_accademico: "Fotografia" });
  const designStudent = await registerStudent(client, { corso_accademico: "Design" });
  return { client, ctx: client.ctx, admin: admin.token, adminUser: admin.user, student, designStudent };
}

export function itemPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nome: "Fotocamera Canon",
    quantita_totale: 2,
    posizione: "Scaffale A1",
    fornitore: "Canon Italia",
    note: "Con obiettivo 18-55",
    immagine_url: "https://example.org/canon.jpg",
    tipo_prestito: "solo_esterno",
    corsi_assegnati: ["Fotografia"],
    categoria_id: null,
    ...overrides,
  };
}

/** Creates an item through the API and returns it as the server answered. */
export async function createItem(client: TestClient, token: string, overrides: Record<string, unknown> = {}) {
  const answer = await client.post("/api/inventario", itemPayload(overrides), token);
  if (answer.status !== 200) throw new Error(`item creation failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The body of a PUT that keeps the item as it is, with the given changes. */
/**
 * Every item as the desk's screens see it (the pages of `GET /api/inventario`, with each unit's identity
 * and the item's supplier, brand, model and checklist), which the spec's whole array leaves out.
 */
export async function deskInventory(client: TestClient, token: string): Promise<Json[]> {
  const items: Json[] = [];
  for (let page = 1; ; page++) {
    const answer = await client.get(`/api/inventario?pagina=${page}&per_pagina=200`, token);
    items.push(...(answer.body.elementi as Json[]));
    if (items.length >= answer.body.totale || answer.body.elementi.length === 0) return items;
  }
}

export function editPayload(item: Json, overrides: Record<string, unknown> = {}): Json {
  return {
    nome: item.nome,
    posizione: item.posizione,
    fornitore: item.fornitore,
    note: item.note,
    immagine_url: item.immagine_url,
    tipo_prestito: item.tipo_prestito,
    corsi_assegnati: item.corsi_assegnati,
    categoria_id: item.categoria_id,
    unita: item.unita.map((unit: Json) => ({ id: unit.id, codice_univoco: unit.codice_univoco, note: unit.note })),
    ...overrides,
  };
}

export async function createCategory(client: TestClient, token: string, nome: string): Promise<number> {
  const answer = await client.post("/api/categorie-semplici", { nome }, token);
  if (answer.status !== 200) throw new Error(`category creation failed: ${JSON.stringify(answer.body)}`);
  return answer.body.id;
}

type LoanState = "attivo" | "scaduto" | "restituito";

/** A loan of `unitIds`, inserted directly; dates default to a loan that started today. */
export function insertLoan(
  ctx: AppContext,
  loan: {
    itemId: number;
    unitIds: number[];
    stato?: LoanState;
    from?: string;
    to?: string;
    returnedOn?: string | null;
    userId?: number | null;
    /** Whether the borrower collected it; by default a loan that has started was collected. */
    handedOver?: boolean;
  },
): number {
  const today = ctx.clock.today();
  const from = loan.from ?? today;
  const handedOver = loan.handedOver ?? (from <= today || loan.stato === "restituito");
  const row = ctx.db
    .insert(prestiti)
    .values({
      utenteId: loan.userId ?? null,
      chi: "Giulia Rossi",
      utenteEmail: "giulia.rossi@accademia.it",
      inventarioId: loan.itemId,
      dataUscita: from,
      dataRientro: loan.to ?? today,
      dataRestituzione: loan.returnedOn ?? null,
      stato: loan.stato ?? "attivo",
      createdAt: ctx.clock.now().toISOString(),
      consegnatoIl: handedOver ? `${from}T08:00:00.000Z` : null,
    })
    .returning({ id: prestiti.id })
    .get();
  ctx.db
    .insert(prestitiUnita)
    .values(loan.unitIds.map((unitId) => ({ prestitoId: row.id, unitId, restituitaIl: loan.returnedOn ?? null })))
    .run();
  return row.id;
}

export function insertRequest(
  ctx: AppContext,
  request: {
    itemId: number;
    unitId: number;
    userId?: number | null;
    stato?: "in_attesa" | "approvata" | "rifiutata" | "annullata";
    from?: string;
    to?: string;
  },
): number {
  const today = ctx.clock.today();
  return ctx.db
    .insert(richieste)
    .values({
      utenteId: request.userId ?? null,
      inventarioId: request.itemId,
      unitId: request.unitId,
      dal: request.from ?? today,
      al: request.to ?? today,
      stato: request.stato ?? "in_attesa",
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning({ id: richieste.id })
    .get().id;
}

export function insertRepair(
  ctx: AppContext,
  repair: { itemId: number; unitId: number; stato?: "in_corso" | "completata" | "annullata" },
): number {
  return ctx.db
    .insert(riparazioni)
    .values({
      inventarioId: repair.itemId,
      unitId: repair.unitId,
      descrizione: "Otturatore bloccato",
      stato: repair.stato ?? "in_corso",
      dataInizio: ctx.clock.today(),
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning({ id: riparazioni.id })
    .get().id;
}

export function auditActions(ctx: AppContext): string[] {
  return ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.id)
    .all()
    .map((row) => row.action);
}

/** How many rows `table` holds. */
export function rowCount(ctx: AppContext, table: SQLiteTable): number {
  return ctx.db.select({ n: count() }).from(table).get()?.n ?? 0;
}

/** Row counts of the inventory tables, to prove a failed write stored nothing. */
export function inventoryCounts(ctx: AppContext) {
  const countOf = (table: SQLiteTable) => rowCount(ctx, table);
  return {
    items: countOf(inventario),
    units: countOf(unita),
    courseLinks: countOf(inventarioCorsi),
    categories: countOf(categorie),
    audit: countOf(auditLog),
  };
}

export function unitRow(ctx: AppContext, unitId: number) {
  return ctx.db.select().from(unita).where(eq(unita.id, unitId)).get();
}
