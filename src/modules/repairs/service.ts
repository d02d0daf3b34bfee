import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, richieste, riparazioni, segnalazioni, unita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { REQUEST_STATE } from "../../domain/bookings";
import { canCloseRepair } from "../../domain/repairs";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { offerFreedUnitsStep } from "../demand/offers";
import { unitsOfItem } from "../inventory/units";
import { openLoansOfUnits } from "../loans/open-loans";
import { notifyReportState } from "../notifications/service";
import { optionalText, requiredText } from "../text-fields";
import {
  type BookingAhead,
  type CreatedRepair,
  DESCRIBE_REPAIR,
  type NewRepair,
  type RepairChange,
  type RepairsSummary,
  type RepairView,
  SELECT_ITEM_AND_UNIT,
} from "./model";

export function loadRepairViews(db: Db, where?: SQL): RepairView[] {
  return db
    .select({ repair: riparazioni, itemName: inventario.nome, unitCode: unita.codiceUnivoco })
    .from(riparazioni)
    .innerJoin(inventario, eq(inventario.id, riparazioni.inventarioId))
    .innerJoin(unita, eq(unita.id, riparazioni.unitId))
    .where(where)
    .orderBy(desc(riparazioni.createdAt), desc(riparazioni.id))
    .all()
    .map(({ repair, itemName, unitCode }) => ({
      id: repair.id,
      inventario_id: repair.inventarioId,
      articolo_nome: itemName,
      oggetto_nome: itemName,
      unit_id: repair.unitId,
      codice_univoco: unitCode,
      descrizione: repair.descrizione,
      note: repair.noteTecniche,
      note_tecniche: repair.noteTecniche,
      priorita: repair.priorita,
      stato: repair.stato,
      data_inizio: repair.dataInizio,
      data_fine: repair.dataFine,
      segnalazione_id: repair.segnalazioneId,
      created_at: repair.createdAt,
    }));
}

/** The dashboard's counter: the repairs in progress, counted on the index on state. */
export function repairsSummary(db: Db): RepairsSummary {
  const [[inProgress = 0] = []] = db.values<[number]>(
    sql`SELECT count(*) FROM ${riparazioni} WHERE ${eq(riparazioni.stato, "in_corso")}`,
  );
  return { in_corso: inProgress };
}

export function repairView(db: Db, id: number): RepairView {
  const [view] = loadRepairViews(db, eq(riparazioni.id, id));
  if (!view) throw notFound("Riparazione non trovata");
  return view;
}

/** Bookings from today on that a repair of this unit will get in the way of: the desk may rebook them. */
function upcomingBookings(db: Db, unitId: number, today: string): BookingAhead[] {
  const requests = db
    .select({ id: richieste.id, dal: richieste.dal, al: richieste.al, name: users.name, surname: users.surname })
    .from(richieste)
    .leftJoin(users, eq(users.id, richieste.utenteId))
    .where(
      and(eq(richieste.unitId, unitId), eq(richieste.stato, REQUEST_STATE.pending), sql`${richieste.al} >= ${today}`),
    )
    .all()
    .map((row) => ({
      tipo: "richiesta" as const,
      id: row.id,
      dal: row.dal,
      al: row.al,
      utente: `${row.name ?? ""} ${row.surname ?? ""}`.trim(),
    }));
  const loans = openLoansOfUnits(db, [unitId])
    .filter((loan) => loan.start > today)
    .map((loan) => ({ tipo: "prestito" as const, id: loan.loanId, dal: loan.start, al: loan.due, utente: loan.chi }));
  return [...requests, ...loans].sort((a, b) => a.dal.localeCompare(b.dal));
}

/**
 * Puts a unit into repair. Refused when it is lost, already in repair, or out on a loan right now;
 * bookings still ahead are returned as a warning so the desk can move them.
 */
export function createRepair(ctx: AppContext, admin: Actor, input: NewRepair, fromReportId?: number): CreatedRepair {
  const { inventario_id: itemId, unit_id: unitId } = input;
  const descrizione = requiredText(input.descrizione, DESCRIBE_REPAIR, 2000);
  const today = ctx.clock.today();
  return writeTransaction(ctx.db, (tx) => {
    const [unit] = unitsOfItem(tx, itemId, [unitId]);
    if (!unit) throw badRequest(SELECT_ITEM_AND_UNIT);
    if (unit.lost) throw conflict("L'unità è segnata come persa: non può andare in riparazione");
    const open = tx
      .select({ id: riparazioni.id })
      .from(riparazioni)
      .where(and(eq(riparazioni.unitId, unitId), eq(riparazioni.stato, "in_corso")))
      .get();
    if (open) throw conflict("L'unità è già in riparazione");
    const lent = openLoansOfUnits(tx, [unitId]).find((loan) => loan.start <= today);
    if (lent) throw conflict(`L'unità è in prestito a ${lent.chi}: registra prima la restituzione`);
    const repair = tx
      .insert(riparazioni)
      .values({
        inventarioId: itemId,
        unitId,
        descrizione,
        noteTecniche: optionalText(input.note_tecniche ?? input.note, 4000),
        priorita: input.priorita ?? "media",
        stato: "in_corso",
        dataInizio: today,
        segnalazioneId: fromReportId ?? null,
        createdBy: admin.id,
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning({ id: riparazioni.id })
      .get();
    if (fromReportId) {
      const before = tx.select().from(segnalazioni).where(eq(segnalazioni.id, fromReportId)).get();
      // Guarded here too, inside the write: a report gets one repair, and only while it is open.
      const linked = tx
        .update(segnalazioni)
        .set({
          riparazioneId: repair.id,
          stato: sql`case when ${segnalazioni.stato} = 'aperta' then 'in_corso' else ${segnalazioni.stato} end`,
          handledBy: admin.id,
          handledAt: ctx.clock.now().toISOString(),
        })
        .where(
          and(
            eq(segnalazioni.id, fromReportId),
            isNull(segnalazioni.riparazioneId),
            inArray(segnalazioni.stato, ["aperta", "in_corso"]),
          ),
        )
        .returning({ id: segnalazioni.id })
        .get();
      if (!linked || !before) throw conflict("Per questa segnalazione esiste già una riparazione");
      if (before.stato === "aperta") notifyReportState(tx, ctx, before, "in_corso");
    }
    recordAudit(tx, ctx.clock, admin, {
      action: "repair.create",
      entity: "repair",
      entityId: repair.id,
      summary: `Unità ${unit.code} in riparazione${fromReportId ? ` dalla segnalazione #${fromReportId}` : ""}: ${descrizione}`,
    });
    return { ...repairView(tx, repair.id), avvisi_prenotazioni: upcomingBookings(tx, unitId, today) };
  });
}

/**
 * `{ stato }` alone completes or cancels a repair in progress; any other payload edits its details.
 * Closed repairs are history and cannot change (409).
 */
export function updateRepair(ctx: AppContext, admin: Actor, id: number, input: RepairChange): RepairView {
  return writeTransaction(ctx.db, (tx) => {
    const repair = tx.select().from(riparazioni).where(eq(riparazioni.id, id)).get();
    if (!repair) throw notFound("Riparazione non trovata");
    if (!canCloseRepair(repair.stato)) throw conflict("La riparazione è già chiusa");
    const closing = input.stato === "completata" || input.stato === "annullata";
    if (input.unit_id !== undefined && input.unit_id !== repair.unitId)
      throw badRequest("L'unità di una riparazione non si può cambiare: annullala e aprine una nuova");
    const today = ctx.clock.today();
    const changes = {
      descrizione:
        input.descrizione === undefined ? repair.descrizione : requiredText(input.descrizione, DESCRIBE_REPAIR, 2000),
      noteTecniche:
        input.note_tecniche === undefined && input.note === undefined
          ? repair.noteTecniche
          : optionalText(input.note_tecniche ?? input.note, 4000),
      priorita: input.priorita ?? repair.priorita,
      ...(closing ? { stato: input.stato, dataFine: today } : {}),
    };
    tx.update(riparazioni).set(changes).where(eq(riparazioni.id, id)).run();
    if (closing) offerFreedUnitsStep(tx, ctx, [repair.inventarioId]);
    // A completed repair resolves the fault report it came from.
    if (input.stato === "completata" && repair.segnalazioneId) {
      const resolved = tx
        .update(segnalazioni)
        .set({ stato: "risolta", handledBy: admin.id, handledAt: ctx.clock.now().toISOString() })
        .where(and(eq(segnalazioni.id, repair.segnalazioneId), inArray(segnalazioni.stato, ["aperta", "in_corso"])))
        .returning()
        .get();
      if (resolved) notifyReportState(tx, ctx, resolved, "risolta");
    }
    recordAudit(tx, ctx.clock, admin, {
      action: closing ? `repair.${input.stato === "completata" ? "complete" : "cancel"}` : "repair.update",
      entity: "repair",
      entityId: id,
      summary: closing
        ? `Riparazione #${id} ${input.stato === "completata" ? "completata: unità di nuovo disponibile" : "annullata"}`
        : `Modificata la riparazione #${id}`,
    });
    return repairView(tx, id);
  });
}
