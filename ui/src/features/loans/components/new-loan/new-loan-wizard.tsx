import { ArrowLeft, ArrowRight, Check } from "lucide-react";
import { useReducer, useState } from "react";
import { bookingDateProblem, DATE_MESSAGES } from "../../../../../../src/domain/loan-rules";
import { impliedUsage } from "../../../../../../src/domain/loan-types";
import type { ItemDetails } from "../../../../api/inventario";
import { useCreateLoan } from "../../../../api/loans";
import { useServerToday } from "../../../../api/system";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { Modal } from "../../../../components/modal";
import { useToast } from "../../../../components/toast";
import { ApiError } from "../../../../lib/api";
import { BorrowerStep } from "./borrower-step";
import { DatesStep } from "./dates-step";
import { ItemStep } from "./item-step";
import { UnitsStep } from "./units-step";
import { UsageStep } from "./usage-step";
import { STEPS, WizardProgress } from "./wizard-progress";
import {
  asksUsage,
  type Borrower,
  defaultNote,
  INITIAL_STATE,
  loanDates,
  stepComplete,
  type WizardState,
  wizardReducer,
} from "./wizard-state";

function presetState(preset: Parameters<typeof NewLoanWizard>[0]["preset"]): WizardState {
  if (!preset) return INITIAL_STATE;
  if ("borrower" in preset) return { ...INITIAL_STATE, borrower: preset.borrower };
  return { ...INITIAL_STATE, step: 2, item: preset.item, unitIds: preset.unitId === null ? [] : [preset.unitId] };
}

/** The desk lends equipment directly, in five steps (the usage step only for items lent both ways). */
export function NewLoanWizard({
  onClose,
  preset,
}: {
  onClose: () => void;
  /**
   * An item (and a unit scanned at the counter or named by a link): the wizard starts at the borrower with
   * them chosen. A borrower (from the student page): the wizard starts at the item, the student already chosen.
   */
  preset?: { item: ItemDetails; unitId: number | null } | { borrower: Borrower };
}) {
  const [state, dispatch] = useReducer(wizardReducer, preset, presetState);
  const [problem, setProblem] = useState<string | null>(null);
  // The borrower is usually at the desk: a loan starting today is handed over in the same action.
  const [handOverNow, setHandOverNow] = useState(true);
  const today = useServerToday();
  const createLoan = useCreateLoan();
  const showToast = useToast();

  const { start, end, endLocked } = loanDates(state, today);
  const dateProblem =
    state.item && start && end
      ? bookingDateProblem({
          start,
          end,
          today,
          loanType: state.item.tipo_prestito,
          usage: state.usage,
          form: "loan",
        })
      : null;

  function go(action: { type: "next" } | { type: "back" }) {
    setProblem(null);
    createLoan.reset();
    dispatch(action);
  }

  function create() {
    const { item, borrower } = state;
    if (!item || !borrower || state.unitIds.length === 0 || !start || !end) {
      setProblem("Compila tutti i campi obbligatori");
      return;
    }
    if (asksUsage(item) && !state.usage) {
      setProblem(DATE_MESSAGES.usageRequired);
      return;
    }
    // Already shown under the dates.
    if (dateProblem) return;
    setProblem(null);
    const borrowerName = `${borrower.name} ${borrower.surname}`;
    createLoan.mutate(
      {
        inventario_id: item.id,
        utente_id: borrower.id,
        chi: borrowerName,
        data_uscita: start,
        data_rientro: end,
        unita_ids: state.unitIds,
        tipo_utilizzo: impliedUsage(item.tipo_prestito, state.usage),
        note: state.note ?? defaultNote(state.unitIds.length),
        consegna: handOverNow && start === today,
      },
      {
        onSuccess: () => {
          showToast(`Prestito creato: ${item.nome} a ${borrowerName}`);
          dispatch({ type: "reset" });
          onClose();
        },
      },
    );
  }

  const skipsUsage = !asksUsage(state.item);
  const lastStep = state.step === 5;
  const current = STEPS.find(({ step }) => step === state.step) ?? STEPS[0];
  const serverError =
    createLoan.error &&
    (createLoan.error instanceof ApiError && createLoan.error.status > 0
      ? createLoan.error.message
      : "Errore nella creazione prestito");
  const error = problem ?? serverError;

  return (
    <Modal
      title="Nuovo Prestito"
      description={`Passo ${state.step} di 5 · ${current?.title}`}
      onClose={onClose}
      size="lg"
    >
      <WizardProgress step={state.step} usageSkipped={skipsUsage && state.item !== null} />

      {state.step === 1 && <ItemStep selected={state.item} onSelect={(item) => dispatch({ type: "item", item })} />}
      {state.step === 2 && (
        <BorrowerStep borrower={state.borrower} onSelect={(borrower) => dispatch({ type: "borrower", borrower })} />
      )}
      {state.step === 3 && state.item && (
        <UnitsStep
          itemId={state.item.id}
          selectedIds={state.unitIds}
          onToggle={(unitId) => dispatch({ type: "toggle-unit", unitId })}
        />
      )}
      {state.step === 4 && <UsageStep usage={state.usage} onSelect={(usage) => dispatch({ type: "usage", usage })} />}
      {state.step === 5 && (
        <DatesStep
          state={state}
          start={start}
          end={end}
          endLocked={endLocked}
          today={today}
          dateProblem={dateProblem}
          dispatch={dispatch}
        />
      )}

      {state.step === 5 && start === today && (
        <label className="mt-4 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={handOverNow}
            onChange={(event) => setHandOverNow(event.target.checked)}
            className="size-4 accent-indigo-600"
          />
          Consegna subito: lo studente ritira ora
        </label>
      )}

      {error && (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}

      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <Button variant="ghost" onClick={onClose}>
          Annulla
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {state.step > 1 && (
            <Button variant="secondary" icon={ArrowLeft} onClick={() => go({ type: "back" })}>
              Indietro
            </Button>
          )}
          {/* One button for both, so the focus stays on it when the last step arrives. */}
          <Button
            icon={lastStep ? Check : ArrowRight}
            disabled={!lastStep && !stepComplete(state)}
            busy={lastStep && createLoan.isPending}
            onClick={lastStep ? create : () => go({ type: "next" })}
          >
            {lastStep ? "Crea Prestito" : "Avanti"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
