import { and, eq } from "drizzle-orm";
import { isDesk, visibleItemsCondition } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { inventario, prestiti, prestitiUnita, users } from "../../db/schema";
import { type WriteTx, writeTransaction } from "../../db/transaction";
import { MAX_NOTE_LENGTH } from "../../domain/academy-settings";
import { LOAN_STATE } from "../../domain/bookings";
import { bookingDateProblem, isInternalUse } from "../../domain/loan-rules";
import { impliedUsage } from "../../domain/loan-types";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { liveItem } from "../inventory/live-item";
import { unitsOfItem } from "../inventory/units";
import { optionalText } from "../text-fields";
import { assertUnitBookable } from "./bookings";
import { assertAcademyRules, blockedBorrowerError, calendarDay, hasOverdueLoan } from "./guards";
import { type DirectLoanBody, REQUIRED_FIELDS } from "./model";
import { loanView } from "./reads";

// ── Loans ───────────────────────────────────────────────────────────────────────────────────────

type UserRow = typeof users.$inferSelect;

function userById(db: Db, id: number): UserRow {
  const user = db.select().from(users).where(eq(users.id, id)).get();
  if (!user) throw notFound("Utente non trovato");
  if (isDesk(user)) throw badRequest("Gli amministratori non possono ricevere prestiti");
  return user;
}

/** "Mario  ROSSI " and "mario rossi" name the same person. */
function comparableName(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLocaleLowerCase("it");
}

/**
 * The registered student a loan names by `chi` alone, as the spec's payload does: the one whose
 * "name surname" reads the same ignoring case and spaces. Compared in JavaScript rather than SQL
 * because SQLite's lower() folds ASCII only ("NICOLÒ" must match "Nicolò").
 */
function studentNamed(db: Db, chi: string): UserRow {
  const wanted = comparableName(chi);
  const matches = db
    .select()
    .from(users)
    .where(eq(users.ruolo, "user"))
    .all()
    .filter((user) => comparableName(`${user.name} ${user.surname}`) === wanted);
  const [match] = matches;
  if (!match) throw badRequest(`Nessuno studente registrato si chiama "${chi}": sceglilo dall'elenco degli utenti`);
  if (matches.length > 1)
    throw badRequest(`${matches.length} studenti registrati si chiamano "${chi}": scegli quello giusto dall'elenco`);
  return match;
}

/** The rules every borrower meets, however the desk named them: not blocked, nothing overdue, the item's course. */
function assertMayBorrow(db: Db, borrower: UserRow, itemId: number, today: string) {
  if (borrower.isBlocked) throw blockedBorrowerError(borrower);
  if (hasOverdueLoan(db, borrower.id, today))
    throw forbidden("L'utente ha un prestito scaduto: deve restituirlo prima di riceverne un altro");
  // What the borrower may borrow is what they may see: their course's items.
  const ofCourse = db
    .select({ id: inventario.id })
    .from(inventario)
    .where(and(eq(inventario.id, itemId), visibleItemsCondition(borrower)))
    .get();
  if (!ofCourse) throw forbidden("L'articolo non è assegnato al corso dello studente");
}

/**
 * The direct-loan step, inside the caller's transaction: the desk lends one or more units of an item
 * directly to a borrower. Answers the new loan's id.
 */
export function createDirectLoanStep(tx: WriteTx, ctx: AppContext, admin: Actor, input: DirectLoanBody): number {
  const itemId = input.inventario_id;
  const unitIds = input.unita_ids;
  const userId = input.utente_id ?? null;
  const chiText = optionalText(input.chi, 200);
  if ((userId === null && !chiText) || !input.data_uscita || !input.data_rientro) throw badRequest(REQUIRED_FIELDS);
  if (new Set(unitIds).size !== unitIds.length) throw badRequest("Unità non valide");
  const start = calendarDay(input.data_uscita, "Data di inizio non valida");
  const end = calendarDay(input.data_rientro, "Data di fine non valida");
  const chosenUsage = input.tipo_utilizzo || null;
  const today = ctx.clock.today();
  // The spec's call knows no hand-over: a loan starting today leaves the desk now unless the body says otherwise.
  const handOverNow = input.consegna ?? start <= today;
  if (handOverNow && start > today)
    throw badRequest("La consegna immediata è possibile solo per un prestito che inizia oggi");
  const item = liveItem(tx, itemId);
  const borrower = userId === null ? studentNamed(tx, chiText as string) : userById(tx, userId);
  assertMayBorrow(tx, borrower, itemId, today);
  const usage = item.tipoPrestito === "entrambi" ? chosenUsage : impliedUsage(item.tipoPrestito, null);
  const problem = bookingDateProblem({ start, end, today, loanType: item.tipoPrestito, usage, form: "loan" });
  if (problem) throw badRequest(problem);
  assertAcademyRules(tx, {
    start,
    end,
    internal: isInternalUse(item.tipoPrestito, usage),
    itemMaxDays: item.durataMassimaGiorni,
    studentId: borrower.id,
  });
  const units = unitsOfItem(tx, itemId, unitIds);
  if (units.length !== unitIds.length) throw badRequest("Le unità scelte non appartengono a questo articolo");
  for (const unit of units)
    assertUnitBookable(
      tx,
      { unitId: unit.id, from: start, to: end, today },
      `L'unità ${unit.code} non è disponibile per le date scelte`,
    );
  const chi = `${borrower.name} ${borrower.surname}`;
  const loan = tx
    .insert(prestiti)
    .values({
      utenteId: borrower.id,
      chi,
      utenteEmail: borrower.email,
      inventarioId: itemId,
      dataUscita: start,
      dataRientro: end,
      tipoUtilizzo: usage,
      note: optionalText(input.note, MAX_NOTE_LENGTH) ?? `Prestito diretto - ${units.length} unità`,
      stato: LOAN_STATE.active,
      createdBy: admin.id,
      createdAt: ctx.clock.now().toISOString(),
      consegnatoIl: handOverNow ? ctx.clock.now().toISOString() : null,
      consegnatoDa: handOverNow ? admin.id : null,
    })
    .returning({ id: prestiti.id })
    .get();
  tx.insert(prestitiUnita)
    .values(units.map((unit) => ({ prestitoId: loan.id, unitId: unit.id })))
    .run();
  recordAudit(tx, ctx.clock, admin, {
    action: "loan.create",
    entity: "loan",
    entityId: loan.id,
    summary: `Prestito diretto a ${chi}: ${item.nome} (${units.map((unit) => unit.code).join(", ")}), ${start} → ${end}${handOverNow ? ", consegnato subito" : ""}`,
  });
  return loan.id;
}

/** The desk lends units of one item, in a transaction of its own. */
export function createDirectLoan(ctx: AppContext, admin: Actor, input: DirectLoanBody) {
  const loanId = writeTransaction(ctx.db, (tx) => createDirectLoanStep(tx, ctx, admin, input));
  return { message: "Prestito creato", loanId, loan: loanView(ctx, loanId) };
}
