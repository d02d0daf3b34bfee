import { bookingHolds } from "../../../../../../src/domain/bookings";
import { LOAN_TYPE_LABELS } from "../../../../../../src/domain/loan-types";
import { Alert } from "../../../../components/alert";
import { TextField } from "../../../../components/form-field";
import { useBookableUnits } from "../../../../lib/bookable-units";
import { rangeText } from "./units-step";
import { defaultNote, type WizardAction, type WizardState } from "./wizard-state";

interface DatesStepProps {
  state: WizardState;
  start: string;
  end: string;
  endLocked: boolean;
  /** The first broken date rule, live while the dates change. */
  dateProblem: string | null;
  dispatch: (action: WizardAction) => void;
}

/** Step 5: the dates (internal use is one day: the end follows the start), a note and a summary. */
export function DatesStep({ state, start, end, endLocked, dateProblem, dispatch }: DatesStepProps) {
  const units = useBookableUnits(state.item?.id ?? null);
  const chosen = (units.data ?? []).filter((unit) => state.unitIds.includes(unit.id));
  // The server has the last word; this only warns about overlaps the desk can already see.
  const clashes =
    start && end
      ? chosen.flatMap((unit) =>
          unit.prenotazioni
            .filter((range) =>
              bookingHolds(
                { from: range.dal, to: range.al, untilReturned: range.fino_alla_restituzione },
                { from: start, to: end },
              ),
            )
            .map((range) => `${unit.codice_univoco}: ${rangeText(range)}`),
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Data di inizio"
          type="date"
          value={start}
          onChange={(event) => dispatch({ type: "start", value: event.target.value })}
        />
        <TextField
          label="Data di fine"
          type="date"
          value={end}
          disabled={endLocked}
          hint={endLocked ? "Utilizzo interno: il prestito finisce lo stesso giorno." : undefined}
          onChange={(event) => dispatch({ type: "end", value: event.target.value })}
        />
      </div>
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
          <dt className="text-slate-500">Oggetto</dt>
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
