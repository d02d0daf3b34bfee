import { overlaps } from "../../../../../../src/domain/availability";
import { addDays } from "../../../../../../src/domain/dates";
import { LOAN_TYPE_LABELS } from "../../../../../../src/domain/loan-types";
import { BOOKING_HORIZON_DAYS, useBookableUnits, useItemAvailability } from "../../../../api/inventario";
import { Alert } from "../../../../components/alert";
import { BookingCalendar } from "../../../../components/booking-calendar";
import { TextField } from "../../../../components/form-field";
import { LoadingState } from "../../../../components/spinner";
import { formatDate } from "../../../../lib/dates";
import { freeTodayLabel, occupationText, takenDays } from "../../../../lib/item-availability";
import { defaultNote, type WizardAction, type WizardState } from "./wizard-state";

interface DatesStepProps {
  state: WizardState;
  start: string;
  end: string;
  endLocked: boolean;
  /** The academy's today: the first day that can be picked. */
  today: string;
  /** The first broken date rule, live while the dates change. */
  dateProblem: string | null;
  dispatch: (action: WizardAction) => void;
}

/**
 * Step 5: the days on a calendar where those taken on any chosen unit cannot be picked (internal use
 * is one day), a note and a summary.
 */
export function DatesStep({ state, start, end, endLocked, today, dateProblem, dispatch }: DatesStepProps) {
  const availability = useItemAvailability(state.item?.id ?? null, today);
  const chosen = (availability.data?.unita ?? []).filter((unit) => state.unitIds.includes(unit.id));
  const calendar = availability.data;
  // A unit free only until its next booking caps the last day that can be picked (the earliest of them).
  const freeUntil =
    (useBookableUnits(state.item?.id ?? null).data ?? [])
      .filter((unit) => state.unitIds.includes(unit.id) && unit.libera_fino_al)
      .map((unit) => unit.libera_fino_al as string)
      .sort()[0] ?? null;
  const taken = new Set(calendar ? state.unitIds.flatMap((unitId) => [...takenDays(calendar, unitId)]) : []);
  // Only the proposed week can cover a taken day: the calendar lets no pick span one. The server has the last word.
  const clashes =
    start && end
      ? chosen.flatMap((unit) =>
          unit.occupazioni
            .filter((occupation) => overlaps(occupation, start, end))
            .map((occupation) => `${unit.codice_univoco}: ${occupationText(occupation)}`),
        )
      : [];
  const loanType =
    state.item?.tipo_prestito === "entrambi"
      ? state.usage === "interno"
        ? "solo_interno"
        : "solo_esterno"
      : state.item?.tipo_prestito;
  const usage = loanType && LOAN_TYPE_LABELS[loanType];

  return (
    <div className="space-y-5">
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">
          {endLocked ? "Giorno di utilizzo" : "Dal primo all'ultimo giorno"}
        </p>
        {endLocked && (
          <p className="mb-2 text-xs text-slate-600">Utilizzo interno: il prestito finisce lo stesso giorno.</p>
        )}
        {availability.isPending && <LoadingState label="Caricamento disponibilità..." />}
        {availability.isError && <Alert tone="error">{availability.error.message}</Alert>}
        {calendar && (
          <BookingCalendar
            label={`Date del prestito di ${state.item?.nome ?? "questo articolo"}`}
            firstDay={today}
            lastDay={freeUntil ?? addDays(today, BOOKING_HORIZON_DAYS)}
            takenDays={taken}
            value={{ from: start || null, to: end || null }}
            onChange={(range) =>
              dispatch({ type: "dates", start: range.from ?? "", end: range.to ?? range.from ?? "" })
            }
            singleDay={endLocked}
          />
        )}
      </div>
      {freeUntil && (
        <p className="text-sm text-slate-600">
          {freeTodayLabel({ libera_fino_al: freeUntil, prossima_disponibilita: null }, true)}: dal{" "}
          {formatDate(addDays(freeUntil, 1))} l'unità è prenotata.
        </p>
      )}
      {dateProblem && <Alert tone="error">{dateProblem}</Alert>}
      {clashes.length > 0 && (
        <Alert tone="warning">
          <p className="font-medium">Attenzione: alcune unità risultano già occupate in queste date.</p>
          <ul className="mt-1 list-inside list-disc">
            {clashes.map((clash) => (
              <li key={clash}>{clash}</li>
            ))}
          </ul>
        </Alert>
      )}
      <TextField
        label="Note"
        optional
        value={state.note ?? defaultNote(state.unitIds.length)}
        onChange={(event) => dispatch({ type: "note", value: event.target.value })}
      />
      <section aria-labelledby="loan-summary-title" className="rounded-lg bg-slate-50 p-4">
        <h3 id="loan-summary-title" className="mb-2 text-sm font-semibold text-slate-900">
          Riepilogo
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-500">Articolo</dt>
          <dd className="min-w-0 text-slate-900">{state.item?.nome}</dd>
          <dt className="text-slate-500">Utente</dt>
          <dd className="min-w-0 text-slate-900">
            {state.borrower && `${state.borrower.name} ${state.borrower.surname} · ${state.borrower.email}`}
          </dd>
          <dt className="text-slate-500">Unità</dt>
          <dd className="min-w-0 font-mono text-xs text-slate-900">
            {chosen.map((unit) => unit.codice_univoco).join(", ") || `${state.unitIds.length}`}
          </dd>
          <dt className="text-slate-500">Utilizzo</dt>
          <dd className="text-slate-900">{usage}</dd>
        </dl>
      </section>
    </div>
  );
}
