import { Package } from "lucide-react";
import { type FormEvent, useState } from "react";
import { isOpenLoan } from "../../../../../src/domain/bookings";
import { PRIORITIES, type Priority, REPORT_TYPES, type ReportType } from "../../../../../src/domain/repairs";
import type { LoanView } from "../../../../../src/modules/loans/model";
import { useLoanUnits, useMyLoans } from "../../../api/loans";
import { uploadPhoto } from "../../../api/photos";
import { useCreateReport } from "../../../api/segnalazioni";
import { Alert } from "../../../components/alert";
import { ChoiceGroup } from "../../../components/choice-group";
import { useDisabledReason } from "../../../components/disabled-reason";
import { EmptyState } from "../../../components/empty-state";
import { FieldLabel, TextAreaField } from "../../../components/form-field";
import { Modal } from "../../../components/modal";
import { PRIORITY_LABELS, PRIORITY_SELECTED_COLORS, REPORT_TYPE_LABELS } from "../../../components/report-badges";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { ChosenUnit } from "../../../components/unit-choice";
import { WizardActions } from "../../../components/wizard-actions";
import { WizardSteps } from "../../../components/wizard-steps";
import { ReportLoanStep } from "./report-loan-step";
import { ReportUnitStep } from "./report-unit-step";

const STEPS = ["Prestito", "Unità", "Dettagli"] as const;
const CHOOSE_LOAN = "Scegli il prestito su cui segnalare il problema";
const CHOOSE_UNIT = "Scegli l'unità che ha il problema";
const NO_DESCRIPTION = "Descrivi il problema";

const TYPE_CHOICES = REPORT_TYPES.map((value: ReportType) => ({ value, label: REPORT_TYPE_LABELS[value] }));
const URGENCY_CHOICES = PRIORITIES.map((value: Priority) => ({
  value,
  label: PRIORITY_LABELS[value],
  selectedClassName: PRIORITY_SELECTED_COLORS[value],
}));

function isOpen(loan: LoanView): boolean {
  return isOpenLoan(loan.stato);
}

/** Three steps: which loan, which unit of it, then what is wrong (type guasto and urgency media by default). */
export function NewReportModal({ onClose }: { onClose: () => void }) {
  const loans = useMyLoans();
  const [step, setStep] = useState(1);
  const [loanId, setLoanId] = useState<number | null>(null);
  const [unitId, setUnitId] = useState<number | null>(null);
  const [tipo, setTipo] = useState<ReportType>("guasto");
  const [urgenza, setUrgenza] = useState<Priority>("media");
  const [messaggio, setMessaggio] = useState("");
  const [triedToSend, setTriedToSend] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const units = useLoanUnits(loanId);
  const createReport = useCreateReport();
  const showToast = useToast();

  const openLoans = loans.data?.filter(isOpen) ?? [];
  const loan = openLoans.find((candidate) => candidate.id === loanId) ?? null;
  const unit = units.data?.find((candidate) => candidate.id === unitId) ?? null;

  function chooseLoan(id: number) {
    if (id === loanId) return;
    setLoanId(id);
    const chosen = openLoans.find((candidate) => candidate.id === id);
    // A loan of a single unit leaves nothing to choose in the next step.
    setUnitId(chosen?.unita_ids.length === 1 ? (chosen.unita_ids[0] ?? null) : null);
  }

  const missingChoice = step === 1 && !loan ? CHOOSE_LOAN : step === 2 && !unit ? CHOOSE_UNIT : null;
  const { buttonProps, reasonLine } = useDisabledReason(missingChoice);
  const descriptionProblem = messaggio.trim() ? null : NO_DESCRIPTION;

  function goBack() {
    createReport.reset();
    setStep(step - 1);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missingChoice) return;
    if (step < STEPS.length) {
      setStep(step + 1);
      return;
    }
    setTriedToSend(true);
    if (descriptionProblem || !loan || !unit) return;
    createReport.mutate(
      {
        tipo,
        urgenza,
        messaggio: messaggio.trim(),
        inventario_id: loan.inventario_id,
        unit_id: unit.id,
        prestito_id: loan.id,
      },
      {
        onSuccess: async (report) => {
          // The photo goes once the report exists; a refused photo leaves the report sent, and says why.
          const refused = photo
            ? await uploadPhoto(`/api/segnalazioni/${report.id}/foto`, photo).then(
                () => null,
                (problem: Error) => problem.message,
              )
            : null;
          if (refused) showToast(`Segnalazione inviata, ma la foto non è stata allegata: ${refused}`, "error");
          else showToast("Segnalazione inviata: il banco prestiti la prenderà in carico");
          onClose();
        },
      },
    );
  }

  const error = createReport.error?.message;
  return (
    <Modal
      title="Nuova Segnalazione"
      description="Segnala un problema su un'attrezzatura che hai in prestito."
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <WizardSteps steps={STEPS} current={step} />
        {step === 1 &&
          (loans.isPending ? (
            <LoadingState label="Caricamento prestiti..." />
          ) : loans.isError ? (
            <Alert tone="error">Errore nel caricamento prestiti</Alert>
          ) : openLoans.length === 0 ? (
            <EmptyState
              icon={Package}
              title="Non hai prestiti attivi"
              text="Puoi segnalare un guasto solo su un'attrezzatura che hai in prestito."
            />
          ) : (
            <ReportLoanStep loans={openLoans} selectedId={loanId} onSelect={chooseLoan} />
          ))}
        {step === 2 &&
          loan &&
          (units.isPending ? (
            <LoadingState label="Caricamento unità..." />
          ) : units.isError ? (
            <Alert tone="error">Errore nel caricamento unità</Alert>
          ) : (
            <ReportUnitStep loan={loan} units={units.data} selectedId={unitId} onSelect={setUnitId} />
          ))}
        {step === 3 && loan && unit && (
          <div className="space-y-4">
            <ChosenUnit itemName={loan.oggetto_nome} unitLabel="Unità" code={unit.codice_univoco} />
            <ChoiceGroup legend="Tipo di problema" choices={TYPE_CHOICES} value={tipo} onChange={setTipo} />
            <ChoiceGroup legend="Urgenza" choices={URGENCY_CHOICES} value={urgenza} onChange={setUrgenza} />
            <TextAreaField
              label="Descrizione del problema"
              rows={4}
              maxLength={2000}
              placeholder="Cosa succede? Da quando? Hai già provato qualcosa?"
              value={messaggio}
              error={triedToSend ? descriptionProblem : null}
              onChange={(event) => setMessaggio(event.target.value)}
            />
            <div>
              <FieldLabel htmlFor="report-photo" optional>
                Foto del problema
              </FieldLabel>
              <input
                id="report-photo"
                type="file"
                accept="image/*"
                capture="environment"
                onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
                className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:font-medium file:text-indigo-700"
              />
            </div>
          </div>
        )}
        <WizardActions
          step={step}
          stepCount={STEPS.length}
          finishLabel="Invia Segnalazione"
          error={error}
          busy={createReport.isPending}
          submitProps={buttonProps}
          onCancel={onClose}
          onBack={goBack}
        />
        {reasonLine}
      </form>
    </Modal>
  );
}
