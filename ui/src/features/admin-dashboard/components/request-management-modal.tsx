import { Ban, Check, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useApproveRequest, useRejectRequest } from "../../../api/richieste";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { REFUSAL_REASON_INPUT, RefusalReasonLabel } from "../../../components/refusal-reason-label";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { notifyRequestStatus } from "../../../lib/desktop-notification";
import { RequestDetails } from "./request-details";
import { RequestApproved, RequestBorrowerBlocked } from "./request-outcome";
import { RequestUnitChoice } from "./request-unit-choice";

type Step =
  | { kind: "details" }
  | { kind: "approve" }
  | { kind: "reject" }
  | { kind: "blocked"; message: string; reason: string | null }
  | { kind: "approved"; warning: string | null };

/** The server's words when it gave any, else the screen's own. */
function failureText(error: Error | null, fallback: string): string | null {
  if (!error) return null;
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

/** A pending request, approved or refused in two steps: choose, then confirm (or go back). */
export function RequestManagementModal({ request, onClose }: { request: RequestView; onClose: () => void }) {
  const [step, setStep] = useState<Step>({ kind: "details" });
  const [reason, setReason] = useState("");
  const [unitId, setUnitId] = useState(request.unit_id);
  const approve = useApproveRequest();
  const reject = useRejectRequest("motivo_rifiuto");
  const showToast = useToast();
  const reasonId = useId();
  const content = useRef<HTMLDivElement>(null);
  const borrower = `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim();

  // Each step replaces the button that was pressed: keep the focus inside the dialog (Escape, Tab).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run again on every new step.
  useEffect(() => {
    content.current?.querySelector<HTMLElement>("[data-step-focus]")?.focus();
  }, [step.kind]);

  function confirmApproval() {
    approve.mutate(
      { requestId: request.id, unitId: unitId === request.unit_id ? undefined : unitId },
      {
        onSuccess: (answer) => {
          const info = answer.penaltyInfo;
          // The server decides when strikes deserve a warning; the screen shows it as given.
          const warning = info?.warning ?? null;
          if (info?.hasStrikes && !warning)
            console.info(`Richiesta #${request.id}: l'utente ha ${info.strikes} penalità`);
          setStep({ kind: "approved", warning });
          void notifyRequestStatus(request, REQUEST_STATE.approved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.userBlocked === true)
            setStep({
              kind: "blocked",
              message: text(error.body.message) ?? "L'utente è bloccato e non può ricevere prestiti.",
              reason: text(error.body.reason),
            });
        },
      },
    );
  }

  function confirmRejection() {
    reject.mutate(
      { requestId: request.id, reason: reason.trim() },
      {
        onSuccess: () => {
          showToast(`Richiesta di ${borrower} rifiutata`);
          void notifyRequestStatus(request, REQUEST_STATE.refused);
          onClose();
        },
      },
    );
  }

  function back() {
    approve.reset();
    reject.reset();
    setStep({ kind: "details" });
  }

  return (
    <Modal
      title="Gestione Richiesta"
      description={`Richiesta #${request.id} · ${request.oggetto_nome}`}
      onClose={onClose}
    >
      <div ref={content}>
        {step.kind === "approved" ? (
          <RequestApproved
            borrower={borrower}
            itemName={request.oggetto_nome}
            warning={step.warning}
            onClose={onClose}
          />
        ) : step.kind === "blocked" ? (
          <RequestBorrowerBlocked message={step.message} reason={step.reason} onClose={onClose} />
        ) : (
          <>
            <RequestDetails request={request} borrower={borrower} />

            {step.kind === "details" && (
              <ModalActions>
                <Button variant="secondary" icon={X} onClick={() => setStep({ kind: "reject" })}>
                  Rifiuta
                </Button>
                <Button icon={Check} onClick={() => setStep({ kind: "approve" })} data-step-focus>
                  Approva
                </Button>
              </ModalActions>
            )}

            {step.kind === "approve" && (
              <div className="mt-5 space-y-4">
                <Alert tone="info">
                  Confermando l'approvazione verrà creato automaticamente un prestito attivo per {borrower}, dal{" "}
                  {formatDate(request.dal)} al {formatDate(request.al)}.
                </Alert>
                <RequestUnitChoice request={request} value={unitId} onChange={setUnitId} />
                {approve.error && !(approve.error instanceof ApiError && approve.error.body.userBlocked) && (
                  <Alert tone="error">{failureText(approve.error, "Errore nell'approvazione")}</Alert>
                )}
                <ModalActions>
                  <Button variant="secondary" onClick={back} data-step-focus>
                    Indietro
                  </Button>
                  <Button icon={Check} busy={approve.isPending} onClick={confirmApproval}>
                    Conferma approvazione
                  </Button>
                </ModalActions>
              </div>
            )}

            {step.kind === "reject" && (
              <div className="mt-5 space-y-4">
                <div>
                  <RefusalReasonLabel htmlFor={reasonId} />
                  <textarea
                    id={reasonId}
                    data-step-focus
                    rows={3}
                    required
                    aria-required="true"
                    aria-describedby={`${reasonId}-hint`}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    className={REFUSAL_REASON_INPUT}
                    placeholder="Es. attrezzatura riservata a un corso in quelle date"
                  />
                  <p id={`${reasonId}-hint`} className="mt-1.5 text-xs text-slate-500">
                    {reason.trim()
                      ? "Lo studente leggerà questa motivazione."
                      : "Inserisci una motivazione per il rifiuto"}
                  </p>
                </div>
                {reject.error && <Alert tone="error">{failureText(reject.error, "Errore nel rifiuto")}</Alert>}
                <ModalActions>
                  <Button variant="secondary" onClick={back}>
                    Indietro
                  </Button>
                  <Button
                    variant="danger"
                    icon={Ban}
                    busy={reject.isPending}
                    disabled={!reason.trim()}
                    onClick={confirmRejection}
                  >
                    Conferma rifiuto
                  </Button>
                </ModalActions>
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
