import { eq } from "drizzle-orm";
import { canSeeLoan, visibleLoans, visibleRequests } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { prestiti, prestitiUnita, richieste, unita } from "../../db/schema";
import { notFound } from "../../http/errors";
import { loanListFilter, pagedList, requestListFilter, wantsAll } from "./list-query";
import type { LoanListQuery, LoanUnit, LoanView, RequestListQuery, RequestView, UnitLoanView } from "./model";
import { openLoansOfUnits } from "./open-loans";
import {
  countLoans,
  countRequests,
  loadLoanView,
  loadLoanViews,
  loadRequestView,
  loadRequestViews,
  loansInStates,
  loansOfItems,
  loanViewsInOrder,
  requestsInStates,
  requestsOfItems,
  requestTexts,
} from "./views";

export function requestView(ctx: AppContext, id: number): RequestView {
  const view = loadRequestView(ctx.db, id);
  if (!view) throw notFound("Richiesta non trovata");
  return view;
}

export function listRequests(ctx: AppContext, actor: Actor, query: RequestListQuery) {
  const filter = requestListFilter(ctx.db, query);
  // A student only ever gets their own, whatever they ask for.
  const own = visibleRequests(actor, { everyone: wantsAll(query) });
  return pagedList(
    { db: ctx.db, table: richieste, id: richieste.id },
    filter,
    own,
    (selection) => loadRequestViews(ctx.db, selection),
    (where) =>
      own === undefined && filter.onlyStates
        ? requestsInStates(ctx.db, filter.onlyStates)
        : countRequests(ctx.db, where),
    (items) => requestsOfItems(ctx.db, items),
    (ids) => requestTexts(ctx.sqlite, ids),
  );
}

/** Everything the signed-in person asked for, newest first. */
export function myRequests(ctx: AppContext, actor: Actor): RequestView[] {
  return loadRequestViews(ctx.db, { where: eq(richieste.utenteId, actor.id) });
}

export function loanView(ctx: AppContext, id: number): LoanView {
  const view = loadLoanView(ctx.db, ctx.clock.today(), id);
  if (!view) throw notFound("Prestito non trovato");
  return view;
}

/** One loan: any for the desk, only their own for a student (another's simply does not exist). */
export function loanFor(ctx: AppContext, actor: Actor, id: number): LoanView {
  const view = loanView(ctx, id);
  if (!canSeeLoan(actor, { utenteId: view.utente_id })) throw notFound("Prestito non trovato");
  return view;
}

export function listLoans(ctx: AppContext, actor: Actor, query: LoanListQuery) {
  const today = ctx.clock.today();
  const filter = loanListFilter(ctx.db, query, today);
  const own = visibleLoans(actor, { everyone: wantsAll(query) });
  return pagedList(
    { db: ctx.db, table: prestiti, id: prestiti.id },
    filter,
    own,
    (selection) => loadLoanViews(ctx.db, today, selection),
    (where) =>
      own === undefined && filter.onlyStates ? loansInStates(ctx.db, filter.onlyStates) : countLoans(ctx.db, where),
    (items) => loansOfItems(ctx.db, items),
    (ids) => loanViewsInOrder(ctx.db, today, ids).map((view) => JSON.stringify(view)),
  );
}

/** The signed-in person's own loans, newest first. */
export function myLoans(ctx: AppContext, actor: Actor): LoanView[] {
  return loadLoanViews(ctx.db, ctx.clock.today(), { where: eq(prestiti.utenteId, actor.id) });
}

/** Units of a loan: any loan for the desk, only their own for a student. */
export function loanUnits(ctx: AppContext, actor: Actor, loanId: number): LoanUnit[] {
  const loan = ctx.db.select().from(prestiti).where(eq(prestiti.id, loanId)).get();
  if (!loan || !canSeeLoan(actor, loan)) throw notFound("Prestito non trovato");
  return ctx.db
    .select({ id: unita.id, codice_univoco: unita.codiceUnivoco, note: unita.note, inventario_id: unita.inventarioId })
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(eq(prestitiUnita.prestitoId, loanId))
    .orderBy(unita.codiceUnivoco)
    .all();
}

/** The open loan holding a unit (the one already started, else the next one), for the unit's details. */
export function loanOfUnit(ctx: AppContext, actor: Actor, unitId: number): UnitLoanView {
  const today = ctx.clock.today();
  const loans = openLoansOfUnits(ctx.db, [unitId]);
  const loan = loans.find((candidate) => candidate.start <= today) ?? loans[0];
  if (!loan || !canSeeLoan(actor, { utenteId: loan.userId }))
    throw notFound("Nessun prestito in corso per questa unità");
  const view = loanView(ctx, loan.loanId);
  const unit = ctx.db.select({ code: unita.codiceUnivoco }).from(unita).where(eq(unita.id, unitId)).get();
  return { ...view, codice_univoco: unit?.code ?? null };
}
