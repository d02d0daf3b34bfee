import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { unita } from "../../db/schema";
import { type FreeToday, proposedReturnDate } from "../../domain/availability";
import { addDays } from "../../domain/dates";
import { DEFAULT_EXTERNAL_LOAN_DAYS, isInternalUse } from "../../domain/loan-rules";
import type { LoanType } from "../../domain/loan-types";
import { parseScannedCode, typedKitId } from "../../domain/public-url";
import { textKey } from "../../domain/text-key";
import { badRequest, notFound } from "../../http/errors";
import { freeTodayFields } from "../availability/today";
import { loadUnitViews } from "../inventory/unit-status";
import { liveUnits } from "../inventory/units";
import { scanKit } from "../kits/scan";
import { type OpenLoanOfUnit, openLoansOfUnits } from "../loans/open-loans";
import { loanView } from "../loans/reads";
import { pictureOfUnits } from "../photos/listing";
import { setDueAtTheCounter } from "../sets/counter-links";
import type { SCAN_ACTIONS } from "./model";

export type ScanAction = (typeof SCAN_ACTIONS)[number];

/** The open loan that holds each unit and has not taken it back: handed over first, else the next one. */
function holdingLoans(db: Db, unitIds: number[]) {
  const holding = new Map<number, OpenLoanOfUnit>();
  for (const loan of openLoansOfUnits(db, unitIds)) {
    const kept = holding.get(loan.unitId);
    if (!kept || (loan.handedOverAt && !kept.handedOverAt)) holding.set(loan.unitId, loan);
  }
  return holding;
}

/**
 * The return date the lend panel starts from: the usual one for the item's loan type (in-house use
 * comes back today), never past the day before the unit's next booking.
 */
function returnDateToOffer(today: string, loanType: LoanType, free: FreeToday): string {
  const usual = isInternalUse(loanType, null) ? today : addDays(today, DEFAULT_EXTERNAL_LOAN_DAYS);
  return proposedReturnDate(usual, free.liberaFinoAl);
}

/**
 * What the desk can do with what it scanned or typed: for each unit found, its loan to take back, its
 * loan to hand over (from the start day), or a unit free today to lend, with how long it stays free; for a kit's label, the kit. Either way,
 * the set due at the counter that it belongs to, so the Banco opens the whole set.
 */
export function lookupScan(ctx: AppContext, text: string) {
  const scanned = parseScannedCode(text);
  if (!scanned) throw badRequest("Scansiona o scrivi un codice");
  if (scanned.kind === "kit") return scanKit(ctx, scanned.kitId);
  const today = ctx.clock.today();
  const match =
    scanned.kind === "unit" ? eq(unita.codiceChiave, textKey(scanned.code)) : eq(unita.inventarioId, scanned.itemId);
  const found = liveUnits(ctx.db, match);
  if (found.length === 0) {
    // A kit's code typed by hand (KIT-12), when no unit has that very code.
    const kitId = scanned.kind === "unit" ? typedKitId(scanned.code) : null;
    if (kitId !== null) return scanKit(ctx, kitId);
    throw notFound(scanned.kind === "unit" ? `Nessuna unità con il codice ${scanned.code}` : "Articolo non trovato");
  }
  const unitIds = found.map((unit) => unit.id);
  const stateOf = new Map(loadUnitViews(ctx.db, today, { unitIds }).map((state) => [state.id, state]));
  const holding = holdingLoans(ctx.db, unitIds);
  const pictures = pictureOfUnits(ctx.db, unitIds);
  const unitsFound = found.flatMap((unit) => {
    const state = stateOf.get(unit.id);
    if (!state) return [];
    const loanId = holding.get(unit.id)?.loanId;
    const loan = loanId === undefined ? null : loanView(ctx, loanId);
    let azione: ScanAction = "non_disponibile";
    if (loan?.consegnato_il) azione = "restituzione";
    else if (loan && loan.data_uscita <= today) azione = "consegna";
    else if (state.stato === "disponibile") azione = "prestito";
    return {
      id: unit.id,
      codice_univoco: unit.code,
      inventario_id: unit.itemId,
      oggetto_nome: unit.itemName,
      foto_url: pictures.get(unit.id) ?? null,
      checklist: unit.checklist,
      tipo_prestito: unit.loanType,
      stato: state.stato,
      azione,
      ...freeTodayFields(state.oggi),
      rientro_proposto: azione === "prestito" ? returnDateToOffer(today, unit.loanType, state.oggi) : null,
      prestito: loan,
    };
  });
  return { unita: unitsFound, kit: null, prenotazione_id: setDueAtTheCounter(ctx.db, { unitIds }, today) };
}
