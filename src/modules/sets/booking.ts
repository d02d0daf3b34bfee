import { and, eq, isNull } from "drizzle-orm";
import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import {
  corsi,
  inventario,
  kit,
  kitAccessori,
  kitCorsi,
  kitRighe,
  prenotazioni,
  prenotazioniAccessori,
  richieste,
  type users,
} from "../../db/schema";
import type { WriteTx } from "../../db/transaction";
import { MAX_NOTE_LENGTH } from "../../domain/academy-settings";
import { freeUnitsFor, nextStartWithFreeUnits } from "../../domain/availability";
import { bookingDateProblem, isInternalUse } from "../../domain/loan-rules";
import { impliedUsage } from "../../domain/loan-types";
import { MAX_SET_UNITS, SET_STATE } from "../../domain/sets";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { bookingRecordingUnmetDemand } from "../demand/events";
import { NoFreeUnitError, UNTIL_THE_END, unitCalendars } from "../loans/bookings";
import {
  assertAcademyDates,
  assertAccountValid,
  assertUnderLoanLimit,
  blockedBorrowerError,
  blockedStudentError,
  calendarDay,
  hasOverdueLoan,
  userRow,
} from "../loans/guards";
import { bookableTarget } from "../loans/request";
import { optionalText } from "../text-fields";
import type { CreateSetBody, SetConflictLine, SetLineInput, SetView } from "./model";
import { addHistory, setOrNotFound } from "./set-rows";

type UserRow = typeof users.$inferSelect;

export const SET_CONFLICT = "Alcuni oggetti non sono disponibili per le date scelte";

/**
 * Who the set is for: the student asking, or the student the desk names (`utente_id`). Either way the
 * account as it is now: not blocked, nothing overdue.
 */
function borrowerOf(tx: Db, actor: Actor, input: CreateSetBody, today: string): UserRow {
  const deskBooking = isDesk(actor);
  const wanted = input.utente_id ?? null;
  if (deskBooking && wanted === null) throw badRequest("Scegli lo studente della prenotazione");
  if (!deskBooking && wanted !== null && wanted !== actor.id) throw forbidden("Puoi prenotare solo per te stesso");
  const borrower = userRow(tx, wanted ?? actor.id);
  if (!borrower) throw notFound("Utente non trovato");
  if (isDesk(borrower)) throw badRequest("Gli amministratori non possono ricevere prestiti");
  if (borrower.isBlocked) throw deskBooking ? blockedBorrowerError(borrower) : blockedStudentError(borrower);
  assertAccountValid(borrower, today, deskBooking);
  if (hasOverdueLoan(tx, borrower.id, today))
    throw forbidden(
      deskBooking
        ? "L'utente ha un prestito scaduto: deve restituirlo prima di riceverne un altro"
        : "Hai un prestito scaduto: restituiscilo prima di fare nuove richieste",
    );
  return borrower;
}

/** The kit's lines and accessories; a student only sees the kits of their course. */
function kitContents(tx: Db, borrower: UserRow, kitId: number) {
  const found = tx
    .select({ id: kit.id, nome: kit.nome })
    .from(kit)
    .innerJoin(kitCorsi, eq(kitCorsi.kitId, kit.id))
    .innerJoin(corsi, eq(corsi.id, kitCorsi.corsoId))
    .where(and(eq(kit.id, kitId), isNull(kit.archivedAt), eq(corsi.nome, borrower.corsoAccademico ?? "")))
    .get();
  if (!found) throw notFound("Kit non trovato");
  const lines: SetLineInput[] = tx
    .select({ inventario_id: kitRighe.inventarioId, unit_id: kitRighe.unitId, quantita: kitRighe.quantita })
    .from(kitRighe)
    .where(eq(kitRighe.kitId, kitId))
    .orderBy(kitRighe.id)
    .all();
  const accessories = tx
    .select({ nome: kitAccessori.nome, quantita: kitAccessori.quantita })
    .from(kitAccessori)
    .where(eq(kitAccessori.kitId, kitId))
    .orderBy(kitAccessori.id)
    .all();
  return { kit: found, lines, accessories };
}

interface ItemAsked {
  itemId: number;
  name: string;
  pinned: number[];
  anyUnit: number;
  usage: "interno" | "esterno" | null;
}

/**
 * The lines asked for, per model: each model's rules (course, dates, use, longest loan) checked once,
 * with its pinned units and how many more units of it any will do for.
 */
function itemsAsked(
  tx: Db,
  borrower: UserRow,
  lines: SetLineInput[],
  booking: { dal: string; al: string; today: string; usage: "interno" | "esterno" | null },
): ItemAsked[] {
  const byItem = new Map<number, ItemAsked>();
  let units = 0;
  for (const line of lines) {
    const unitId = line.unit_id ?? null;
    const quantity = line.quantita ?? 1;
    if (unitId !== null && quantity !== 1) throw badRequest("Con un'unità scelta la quantità è 1");
    units += quantity;
    if (units > MAX_SET_UNITS) throw badRequest(`Una prenotazione può contenere al massimo ${MAX_SET_UNITS} unità`);
    let asked = byItem.get(line.inventario_id);
    if (!asked) {
      const target = bookableTarget(tx, borrower, { unitId: null, itemId: line.inventario_id });
      const name = tx
        .select({ nome: inventario.nome })
        .from(inventario)
        .where(eq(inventario.id, target.itemId))
        .get()?.nome;
      const usage = target.loanType === "entrambi" ? booking.usage : impliedUsage(target.loanType, null);
      const problem = bookingDateProblem({
        start: booking.dal,
        end: booking.al,
        today: booking.today,
        loanType: target.loanType,
        usage,
        form: "request",
      });
      if (problem) throw badRequest(`${name}: ${problem}`);
      assertAcademyDates(tx, {
        start: booking.dal,
        end: booking.al,
        internal: isInternalUse(target.loanType, usage),
        itemMaxDays: target.maxDays,
      });
      asked = { itemId: target.itemId, name: name ?? "", pinned: [], anyUnit: 0, usage };
      byItem.set(line.inventario_id, asked);
    }
    if (unitId === null) asked.anyUnit += quantity;
    else {
      bookableTarget(tx, borrower, { unitId, itemId: line.inventario_id });
      if (asked.pinned.includes(unitId)) throw badRequest("La stessa unità compare due volte nella prenotazione");
      asked.pinned.push(unitId);
    }
  }
  if (units === 0) throw badRequest("Aggiungi almeno un oggetto alla prenotazione");
  return [...byItem.values()];
}

/**
 * The units each model's lines get: the pinned ones if free, then the first free by code. Every model
 * short of free units becomes a line of the 409, with how many are free and when enough are.
 */
function chooseUnits(tx: Db, asked: ItemAsked[], booking: { dal: string; al: string; today: string }) {
  const chosen: Array<{ item: ItemAsked; unitId: number }> = [];
  const short: SetConflictLine[] = [];
  for (const item of asked) {
    const window = { from: booking.dal, today: booking.today };
    const free = freeUnitsFor(
      unitCalendars(tx, { itemId: item.itemId }, { ...window, to: booking.al }),
      booking.dal,
      booking.al,
    ).map((unit) => unit.id);
    const needed = item.pinned.length + item.anyUnit;
    const pinnedFree = item.pinned.every((unitId) => free.includes(unitId));
    const others = free.filter((unitId) => !item.pinned.includes(unitId)).slice(0, item.anyUnit);
    if (!pinnedFree || others.length < item.anyUnit) {
      short.push({
        inventario_id: item.itemId,
        oggetto_nome: item.name,
        richieste: needed,
        libere: free.length,
        // Only a short line needs the calendar past its dates: when enough units are free again.
        libero_dal: nextStartWithFreeUnits(
          unitCalendars(tx, { itemId: item.itemId }, { ...window, to: UNTIL_THE_END }),
          booking.dal,
          booking.al,
          needed,
        ),
      });
      continue;
    }
    for (const unitId of [...item.pinned, ...others]) chosen.push({ item, unitId });
  }
  if (short.length > 0)
    throw new NoFreeUnitError(
      SET_CONFLICT,
      { righe: short },
      // A line short only because its pinned unit is taken, with enough others free, is no unmet demand.
      short.filter((line) => line.libere < line.richieste).map((line) => line.inventario_id),
    );
  return chosen;
}

/**
 * The set step, inside the caller's `BEGIN IMMEDIATE` transaction: one spec request per unit, all or
 * nothing, with every rule of a single request applied per line. The set counts once towards the
 * student's limit. Answers the new set's id.
 */
export function createSetStep(tx: WriteTx, ctx: AppContext, actor: Actor, input: CreateSetBody): number {
  const today = ctx.clock.today();
  const borrower = borrowerOf(tx, actor, input, today);
  const dal = calendarDay(input.dal, "Inserisci una data di inizio valida");
  const al = calendarDay(input.al, "Inserisci una data di fine valida");
  const fromKit = input.kit_id ? kitContents(tx, borrower, input.kit_id) : null;
  const lines = [...(fromKit?.lines ?? []), ...(input.righe ?? [])];
  const usage = input.tipo_utilizzo || null;
  const asked = itemsAsked(tx, borrower, lines, { dal, al, today, usage });
  assertUnderLoanLimit(tx, borrower.id);
  const chosen = chooseUnits(tx, asked, { dal, al, today });
  const now = ctx.clock.now().toISOString();
  const note = optionalText(input.note, MAX_NOTE_LENGTH);
  const set = tx
    .insert(prenotazioni)
    .values({
      utenteId: borrower.id,
      kitId: fromKit?.kit.id ?? null,
      kitNome: fromKit?.kit.nome ?? null,
      dal,
      al,
      tipoUtilizzo: usage,
      note,
      stato: SET_STATE.pending,
      createdBy: actor.id,
      createdAt: now,
    })
    .returning({ id: prenotazioni.id })
    .get();
  tx.insert(richieste)
    .values(
      chosen.map(({ item, unitId }) => ({
        utenteId: borrower.id,
        inventarioId: item.itemId,
        unitId,
        dal,
        al,
        note,
        tipoUtilizzo: item.usage,
        createdAt: now,
        prenotazioneId: set.id,
      })),
    )
    .run();
  if (fromKit && fromKit.accessories.length > 0)
    tx.insert(prenotazioniAccessori)
      .values(fromKit.accessories.map((accessory) => ({ prenotazioneId: set.id, ...accessory })))
      .run();
  const what = `${chosen.length} unità${fromKit ? ` dal kit ${fromKit.kit.nome}` : ""}`;
  addHistory(tx, ctx, actor, set.id, "creata", `Prenotazione di ${what}, dal ${dal} al ${al}`);
  if (isDesk(actor))
    recordAudit(tx, ctx.clock, actor, {
      action: "set.create",
      entity: "set",
      entityId: set.id,
      summary: `Prenotazione #${set.id} per ${borrower.name} ${borrower.surname}: ${what}, ${dal} → ${al}`,
    });
  return set.id;
}

/** Books a set in a transaction of its own; a 409 for want of free units is kept as unmet demand. */
export function createSet(ctx: AppContext, actor: Actor, input: CreateSetBody): SetView {
  const id = bookingRecordingUnmetDemand(ctx, (tx) => createSetStep(tx, ctx, actor, input), {
    studentId: input.utente_id ?? actor.id,
    kitId: input.kit_id ?? null,
    dal: input.dal,
    al: input.al,
  });
  const view = setOrNotFound(ctx, id);
  ctx.events.publish({
    tipo: "richiesta",
    id,
    testo: `${view.utente_nome} ${view.utente_cognome} ha prenotato un set di ${view.unita_totali} unità`,
  });
  return view;
}
