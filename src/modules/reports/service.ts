import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { isDesk, visibleReports } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, prestiti, prestitiUnita, segnalazioni, unita, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { OPEN_LOAN_STATES } from "../../domain/bookings";
import { ACTIVE_REPORT_STATES, canMoveReport } from "../../domain/repairs";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { notifyReportState } from "../notifications/service";
import { personFields } from "../person-fields";
import { photosOfReports } from "../photos/listing";
import type { CreatedRepair, RepairFromReportDetails } from "../repairs/model";
import { createRepair } from "../repairs/service";
import { requiredText } from "../text-fields";
import { DESCRIBE_FAULT, type NewReport, type ReportMove, type ReportsSummary, type ReportView } from "./model";

export function loadReportViews(db: Db, where?: SQL, limit?: number): ReportView[] {
  const query = db
    .select({
      report: segnalazioni,
      itemName: inventario.nome,
      unitCode: unita.codiceUnivoco,
      user: { name: users.name, surname: users.surname, email: users.email },
    })
    .from(segnalazioni)
    .innerJoin(inventario, eq(inventario.id, segnalazioni.inventarioId))
    .innerJoin(unita, eq(unita.id, segnalazioni.unitId))
    .leftJoin(users, eq(users.id, segnalazioni.userId))
    .where(where)
    .orderBy(desc(segnalazioni.createdAt), desc(segnalazioni.id));
  const rows = (limit === undefined ? query : query.limit(limit)).all();
  const photos = photosOfReports(
    db,
    rows.map(({ report }) => report.id),
  );
  return rows.map(({ report, itemName, unitCode, user }) => ({
    id: report.id,
    tipo: report.tipo,
    urgenza: report.urgenza,
    messaggio: report.messaggio,
    stato: report.stato,
    created_at: report.createdAt,
    handled_at: report.handledAt,
    inventario_id: report.inventarioId,
    inventario_nome: itemName,
    unit_id: report.unitId,
    codice_univoco: unitCode,
    prestito_id: report.prestitoId,
    riparazione_id: report.riparazioneId,
    user_id: report.userId,
    ...personFields(user),
    foto: photos.get(report.id) ?? [],
  }));
}

function reportView(db: Db, id: number): ReportView {
  const [view] = loadReportViews(db, eq(segnalazioni.id, id));
  if (!view) throw notFound("Segnalazione non trovata");
  return view;
}

/** A student reports a fault on a unit of one of their own open loans. The reporter comes from the token. */
export function createReport(ctx: AppContext, student: Actor, input: NewReport): ReportView {
  if (isDesk(student)) throw forbidden("Le segnalazioni sono degli studenti: apri direttamente una riparazione");
  const messaggio = requiredText(input.messaggio, DESCRIBE_FAULT, 2000);
  const { prestito_id: loanId, unit_id: unitId } = input;
  const report = writeTransaction(ctx.db, (tx) => {
    const loan = tx
      .select()
      .from(prestiti)
      .where(and(eq(prestiti.id, loanId), eq(prestiti.utenteId, student.id), inArray(prestiti.stato, OPEN_LOAN_STATES)))
      .get();
    if (!loan) throw notFound("Prestito non trovato");
    const onLoan = tx
      .select({ unitId: prestitiUnita.unitId })
      .from(prestitiUnita)
      .where(and(eq(prestitiUnita.prestitoId, loanId), eq(prestitiUnita.unitId, unitId)))
      .get();
    if (!onLoan) throw badRequest("L'unità non fa parte di questo prestito");
    if (input.inventario_id != null && input.inventario_id !== loan.inventarioId)
      throw badRequest("L'articolo non corrisponde al prestito");
    const created = tx
      .insert(segnalazioni)
      .values({
        userId: student.id,
        inventarioId: loan.inventarioId,
        unitId,
        prestitoId: loanId,
        tipo: input.tipo,
        urgenza: input.urgenza,
        messaggio,
        createdAt: ctx.clock.now().toISOString(),
      })
      .returning({ id: segnalazioni.id })
      .get();
    return reportView(tx, created.id);
  });
  ctx.events.publish({
    tipo: "segnalazione",
    id: report.id,
    testo: `${student.name} ${student.surname} ha segnalato un problema: ${report.inventario_nome}`,
  });
  return report;
}

export function listReports(ctx: AppContext, actor: Actor, all: boolean): ReportView[] {
  return loadReportViews(ctx.db, visibleReports(actor, { everyone: all }));
}

/** How many newest reports the dashboard lists. */
const RECENT_REPORTS = 5;

/**
 * The dashboard's view of the reports: how many are still being dealt with and the newest few. Both come
 * from an index, so the answer costs the same however many reports the academy has kept.
 */
export function reportsSummary(db: Db): ReportsSummary {
  const [[active = 0] = []] = db.values<[number]>(
    sql`SELECT count(*) FROM ${segnalazioni} WHERE ${inArray(segnalazioni.stato, ACTIVE_REPORT_STATES)}`,
  );
  return { attive: active, recenti: loadReportViews(db, undefined, RECENT_REPORTS) };
}

/**
 * The desk moves a report forward (aperta → in_corso → risolta → chiusa, skipping allowed). A loss
 * report resolved with `esito: "perso"` marks its unit lost.
 */
export function updateReport(ctx: AppContext, admin: Actor, id: number, input: ReportMove): ReportView {
  return writeTransaction(ctx.db, (tx) => {
    const report = tx.select().from(segnalazioni).where(eq(segnalazioni.id, id)).get();
    if (!report) throw notFound("Segnalazione non trovata");
    const target = input.stato;
    const lostOutcome = input.esito === "perso";
    if (lostOutcome && report.tipo !== "perdita")
      throw badRequest("Solo una segnalazione di perdita può chiudersi con l'unità persa");
    if (lostOutcome && target !== "risolta" && target !== "chiusa")
      throw badRequest("Segna l'unità come persa risolvendo la segnalazione");
    if (!canMoveReport(report.stato, target)) {
      const current = report.stato.replace("_", " ");
      throw conflict(
        report.stato === target
          ? `La segnalazione è già ${current}`
          : `La segnalazione è già ${current}: non può tornare a ${target.replace("_", " ")}`,
      );
    }
    tx.update(segnalazioni)
      .set({ stato: target, handledBy: admin.id, handledAt: ctx.clock.now().toISOString() })
      .where(eq(segnalazioni.id, id))
      .run();
    if (lostOutcome) tx.update(unita).set({ perso: true }).where(eq(unita.id, report.unitId)).run();
    notifyReportState(tx, ctx, report, target);
    recordAudit(tx, ctx.clock, admin, {
      action: "report.update",
      entity: "report",
      entityId: id,
      summary: `Segnalazione #${id}: ${report.stato} → ${target}${lostOutcome ? " (unità segnata come persa)" : ""}`,
    });
    return reportView(tx, id);
  });
}

/** Opens a repair of the reported unit, linked both ways; the report moves to in_corso. */
export function repairFromReport(
  ctx: AppContext,
  admin: Actor,
  id: number,
  input: RepairFromReportDetails,
): CreatedRepair {
  const report = ctx.db.select().from(segnalazioni).where(eq(segnalazioni.id, id)).get();
  if (!report) throw notFound("Segnalazione non trovata");
  if (report.riparazioneId) throw conflict("Per questa segnalazione esiste già una riparazione");
  if (report.stato === "risolta" || report.stato === "chiusa") throw conflict("La segnalazione è già chiusa");
  return createRepair(
    ctx,
    admin,
    {
      inventario_id: report.inventarioId,
      unit_id: report.unitId,
      descrizione: input.descrizione ?? `${report.tipo}: ${report.messaggio}`,
      note_tecniche: input.note_tecniche,
      priorita: input.priorita ?? report.urgenza,
    },
    id,
  );
}
