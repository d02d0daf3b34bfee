import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { visibleItems, visibleKits } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { corsi, inventario, inventarioCorsi, kit, kitAccessori, kitCorsi, kitRighe, unita } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { textKey } from "../../domain/text-key";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { courseIdsFor } from "../inventory/service";
import { liveUnits } from "../inventory/units";
import { openSetsOfKit } from "../sets/counter-links";
import { optionalText, requiredText } from "../text-fields";
import { KIT_NOT_FOUND, KIT_TEXT_LIMITS, type KitInput, type KitView, NAME_THE_KIT } from "./model";

/** The kits that match `where`, live ones only, by name, each with its courses, lines and accessories. */
export function loadKitViews(db: Db, where?: SQL): KitView[] {
  const kits = db
    .select()
    .from(kit)
    .where(and(where, isNull(kit.archivedAt)))
    .orderBy(asc(kit.nomeChiave), asc(kit.id))
    .all();
  if (kits.length === 0) return [];
  const ids = kits.map((row) => row.id);
  const courses = db
    .select({ kitId: kitCorsi.kitId, nome: corsi.nome })
    .from(kitCorsi)
    .innerJoin(corsi, eq(corsi.id, kitCorsi.corsoId))
    .where(inArray(kitCorsi.kitId, ids))
    .orderBy(asc(kitCorsi.posizione))
    .all();
  const lines = db
    .select({
      id: kitRighe.id,
      kitId: kitRighe.kitId,
      itemId: kitRighe.inventarioId,
      itemName: inventario.nome,
      quantita: kitRighe.quantita,
      unitId: kitRighe.unitId,
      unitCode: unita.codiceUnivoco,
    })
    .from(kitRighe)
    .innerJoin(inventario, eq(inventario.id, kitRighe.inventarioId))
    .leftJoin(unita, eq(unita.id, kitRighe.unitId))
    .where(inArray(kitRighe.kitId, ids))
    .orderBy(asc(kitRighe.posizione))
    .all();
  const accessories = db
    .select()
    .from(kitAccessori)
    .where(inArray(kitAccessori.kitId, ids))
    .orderBy(asc(kitAccessori.posizione))
    .all();
  return kits.map((row) => ({
    id: row.id,
    nome: row.nome,
    descrizione: row.descrizione,
    corsi_assegnati: courses.filter((course) => course.kitId === row.id).map((course) => course.nome),
    righe: lines
      .filter((line) => line.kitId === row.id)
      .map((line) => ({
        id: line.id,
        inventario_id: line.itemId,
        oggetto_nome: line.itemName,
        quantita: line.quantita,
        unit_id: line.unitId,
        codice_univoco: line.unitCode,
      })),
    accessori: accessories
      .filter((accessory) => accessory.kitId === row.id)
      .map((accessory) => ({ nome: accessory.nome, quantita: accessory.quantita })),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

export function kitsForActor(ctx: AppContext, actor: Actor): KitView[] {
  if (visibleItems(actor).kind === "none") return [];
  return loadKitViews(ctx.db, visibleKits(actor));
}

/** One kit the actor may see; another course's kit does not exist for a student (404). */
export function kitForActor(ctx: AppContext, actor: Actor, kitId: number): KitView {
  const [view] = loadKitViews(ctx.db, and(eq(kit.id, kitId), visibleKits(actor)));
  if (!view) throw notFound(KIT_NOT_FOUND);
  return view;
}

interface ValidKit {
  nome: string;
  nomeChiave: string;
  descrizione: string | null;
  courseIds: number[];
  lines: { itemId: number; unitId: number | null; quantita: number }[];
  accessories: { nome: string; quantita: number }[];
}

/**
 * Checks a kit against the inventory: live items, pinned units of their own item and not lost, one
 * line of any units per item, no unit asked for twice, no more units than the item has, and every item
 * assigned to every course of the kit (a student could not book it otherwise).
 */
function validKit(db: Db, input: KitInput): ValidKit {
  const nome = requiredText(input.nome, NAME_THE_KIT, KIT_TEXT_LIMITS.nome);
  const descrizione = optionalText(input.descrizione, KIT_TEXT_LIMITS.descrizione);
  const courseIds = courseIdsFor(db, input.corsi_assegnati);
  const itemIds = [...new Set(input.righe.map((line) => line.inventario_id))];
  const items = db
    .select({ id: inventario.id, nome: inventario.nome })
    .from(inventario)
    .where(and(inArray(inventario.id, itemIds), isNull(inventario.archivedAt)))
    .all();
  const itemName = new Map(items.map((item) => [item.id, item.nome]));
  const unknown = itemIds.find((id) => !itemName.has(id));
  if (unknown !== undefined) throw badRequest(`Articolo #${unknown} non trovato: non può entrare nel kit`);
  const units = liveUnits(db, inArray(unita.inventarioId, itemIds));
  const lines = input.righe.map((line) => ({
    itemId: line.inventario_id,
    unitId: line.unit_id ?? null,
    quantita: line.quantita,
  }));
  const pinned = new Set<number>();
  const unpinnedItems = new Set<number>();
  for (const line of lines) {
    const name = itemName.get(line.itemId);
    if (line.unitId === null) {
      if (unpinnedItems.has(line.itemId))
        throw badRequest(`«${name}» compare in due righe senza unità fissa: indica la quantità in una sola riga`);
      unpinnedItems.add(line.itemId);
      continue;
    }
    const unit = units.find((candidate) => candidate.id === line.unitId);
    if (!unit || unit.itemId !== line.itemId) throw badRequest(`L'unità #${line.unitId} non è un'unità di «${name}»`);
    if (unit.lost) throw badRequest(`L'unità ${unit.code} è segnata come persa: non può entrare nel kit`);
    if (line.quantita !== 1) throw badRequest(`La riga con l'unità fissa ${unit.code} ha quantità 1`);
    if (pinned.has(unit.id)) throw badRequest(`L'unità ${unit.code} compare due volte nel kit`);
    pinned.add(unit.id);
  }
  for (const itemId of itemIds) {
    const asked = lines.filter((line) => line.itemId === itemId).reduce((sum, line) => sum + line.quantita, 0);
    const owned = units.filter((unit) => unit.itemId === itemId && !unit.lost).length;
    if (asked > owned)
      throw badRequest(`Il kit chiede ${asked} unità di «${itemName.get(itemId)}», che ne ha ${owned}`);
  }
  const assigned = db
    .select({ itemId: inventarioCorsi.inventarioId, courseId: inventarioCorsi.corsoId })
    .from(inventarioCorsi)
    .where(and(inArray(inventarioCorsi.inventarioId, itemIds), inArray(inventarioCorsi.corsoId, courseIds)))
    .all();
  for (const itemId of itemIds)
    for (const [index, courseId] of courseIds.entries())
      if (!assigned.some((row) => row.itemId === itemId && row.courseId === courseId))
        throw badRequest(
          `«${itemName.get(itemId)}» non è assegnato al corso ${input.corsi_assegnati[index]?.trim()}: i suoi studenti non potrebbero prenotare il kit`,
        );
  const accessories = (input.accessori ?? []).map((accessory) => ({
    nome: requiredText(accessory.nome, "Indica il nome di ogni accessorio", KIT_TEXT_LIMITS.accessorio),
    quantita: accessory.quantita,
  }));
  const names = accessories.map((accessory) => textKey(accessory.nome));
  const repeated = accessories.find((_, index) => names.indexOf(names[index] as string) !== index);
  if (repeated) throw badRequest(`L'accessorio «${repeated.nome}» compare due volte: indica la quantità`);
  return { nome, nomeChiave: textKey(nome), descrizione, courseIds, lines, accessories };
}

function assertNameFree(db: Db, nameKey: string, nome: string, exceptKitId?: number): void {
  const other = db
    .select({ id: kit.id })
    .from(kit)
    .where(and(eq(kit.nomeChiave, nameKey), isNull(kit.archivedAt)))
    .get();
  if (other && other.id !== exceptKitId) throw conflict(`Esiste già un kit chiamato «${nome}»`);
}

/** Writes the kit's courses, lines and accessories anew, in the order given. */
function replaceParts(db: Db, kitId: number, valid: ValidKit): void {
  db.delete(kitCorsi).where(eq(kitCorsi.kitId, kitId)).run();
  db.delete(kitRighe).where(eq(kitRighe.kitId, kitId)).run();
  db.delete(kitAccessori).where(eq(kitAccessori.kitId, kitId)).run();
  db.insert(kitCorsi)
    .values(valid.courseIds.map((corsoId, posizione) => ({ kitId, corsoId, posizione })))
    .run();
  db.insert(kitRighe)
    .values(
      valid.lines.map((line, posizione) => ({
        kitId,
        inventarioId: line.itemId,
        unitId: line.unitId,
        quantita: line.quantita,
        posizione,
      })),
    )
    .run();
  if (valid.accessories.length > 0)
    db.insert(kitAccessori)
      .values(valid.accessories.map((accessory, posizione) => ({ kitId, ...accessory, posizione })))
      .run();
}

function liveKit(db: Db, kitId: number) {
  const row = db
    .select()
    .from(kit)
    .where(and(eq(kit.id, kitId), isNull(kit.archivedAt)))
    .get();
  if (!row) throw notFound(KIT_NOT_FOUND);
  return row;
}

const contents = (valid: ValidKit) =>
  `${valid.lines.length} righe, ${valid.accessories.length} accessori, corsi: ${valid.courseIds.length}`;

export function createKit(ctx: AppContext, admin: Actor, input: KitInput): KitView {
  return writeTransaction(ctx.db, (tx) => {
    const valid = validKit(tx, input);
    assertNameFree(tx, valid.nomeChiave, valid.nome);
    const now = ctx.clock.now().toISOString();
    const created = tx
      .insert(kit)
      .values({
        nome: valid.nome,
        nomeChiave: valid.nomeChiave,
        descrizione: valid.descrizione,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: kit.id })
      .get();
    replaceParts(tx, created.id, valid);
    recordAudit(tx, ctx.clock, admin, {
      action: "kit.create",
      entity: "kit",
      entityId: created.id,
      summary: `Creato il kit «${valid.nome}» (${contents(valid)})`,
    });
    return loadKitViews(tx, eq(kit.id, created.id))[0] as KitView;
  });
}

/** Replaces a kit whole. Sets already booked from it keep what they were booked with. */
export function updateKit(ctx: AppContext, admin: Actor, kitId: number, input: KitInput): KitView {
  return writeTransaction(ctx.db, (tx) => {
    const before = liveKit(tx, kitId);
    const valid = validKit(tx, input);
    assertNameFree(tx, valid.nomeChiave, valid.nome, kitId);
    tx.update(kit)
      .set({
        nome: valid.nome,
        nomeChiave: valid.nomeChiave,
        descrizione: valid.descrizione,
        updatedAt: ctx.clock.now().toISOString(),
      })
      .where(eq(kit.id, kitId))
      .run();
    replaceParts(tx, kitId, valid);
    const renamed = before.nome === valid.nome ? "" : ` (prima «${before.nome}»)`;
    recordAudit(tx, ctx.clock, admin, {
      action: "kit.update",
      entity: "kit",
      entityId: kitId,
      summary: `Modificato il kit «${valid.nome}»${renamed} (${contents(valid)})`,
    });
    return loadKitViews(tx, eq(kit.id, kitId))[0] as KitView;
  });
}

/**
 * Takes a kit off the desk's and the students' lists. Refused (409) while a set booked from it is
 * still open; otherwise archived, so that the sets booked from it keep their kit.
 */
export function deleteKit(ctx: AppContext, admin: Actor, kitId: number): { message: string } {
  return writeTransaction(ctx.db, (tx) => {
    const row = liveKit(tx, kitId);
    const open = openSetsOfKit(tx, kitId);
    if (open > 0)
      throw conflict(
        `Il kit «${row.nome}» ha ${open === 1 ? "una prenotazione aperta" : `${open} prenotazioni aperte`}: concludile o annullale prima di eliminarlo`,
      );
    tx.update(kit).set({ archivedAt: ctx.clock.now().toISOString() }).where(eq(kit.id, kitId)).run();
    recordAudit(tx, ctx.clock, admin, {
      action: "kit.delete",
      entity: "kit",
      entityId: kitId,
      summary: `Eliminato il kit «${row.nome}»`,
    });
    return { message: `Kit «${row.nome}» eliminato` };
  });
}
