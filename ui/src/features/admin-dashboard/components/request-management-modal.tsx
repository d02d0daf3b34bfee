import { Ban, Check, CircleCheck, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { freeUnitsFor } from "../../../../../src/domain/availability";
import { REQUEST_STATE } from "../../../../../src/domain/bookings";
import { DESK_OFFICE } from "../../../../../src/domain/loan-rules";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useItemAvailability } from "../../../api/inventario";
import { useApproveRequest, useRejectRequest } from "../../../api/richieste";
import { useServerToday } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { Modal, ModalActions } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { notifyRequestStatus } from "../../../lib/desktop-notification";

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
          <div className="space-y-4">
            <div className="flex flex-col items-center py-2 text-center">
              <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
                <CircleCheck className="size-7" aria-hidden="true" />
              </div>
              <p className="text-lg font-semibold text-slate-900">Richiesta Approvata!</p>
              <p className="mt-1 text-sm text-slate-600">
                Il prestito è attivo: {borrower} può ritirare l'attrezzatura ({request.oggetto_nome}).
              </p>
            </div>
            {step.warning && <Alert tone="warning">{step.warning}</Alert>}
            <ModalActions>
              <Button onClick={onClose} data-step-focus>
                Chiudi
              </Button>
            </ModalActions>
          </div>
        ) : step.kind === "blocked" ? (
          <div className="space-y-4">
            <Alert tone="error">
              <p className="font-semibold">Utente bloccato: richiesta non approvata</p>
              <p className="mt-1">{step.message}</p>
              {step.reason && (
                <p className="mt-1">
                  <span className="font-medium">Motivo:</span> {step.reason}
                </p>
              )}
              <p className="mt-1">L'utente deve presentarsi di persona all'{DESK_OFFICE} per lo sblocco.</p>
            </Alert>
            <ModalActions>
              <Button onClick={onClose} data-step-focus>
                Chiudi
              </Button>
            </ModalActions>
          </div>
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
                <UnitChoice request={request} value={unitId} onChange={setUnitId} />
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
                  <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-slate-700">
                    Motivazione del rifiuto <span className="text-red-600">*</span>
                    <span className="sr-only"> (obbligatoria)</span>
                  </label>
                  <textarea
                    id={reasonId}
                    data-step-focus
                    rows={3}
                    required
                    aria-required="true"
                    aria-describedby={`${reasonId}-hint`}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
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

/**
 * The unit to hand out: the one asked for, or another of the same item free for the request's dates
 * (the server checks again when approving).
 */
function UnitChoice({
  request,
  value,
  onChange,
}: {
  request: RequestView;
  value: number;
  onChange: (unitId: number) => void;
}) {
  const id = useId();
  const today = useServerToday();
  const availability = useItemAvailability(request.inventario_id, today);
  if (!availability.data) return null;
  // This request's own hold on its unit does not count against it.
  const units = availability.data.unita.map((unit) => ({
    ...unit,
    occupazioni: unit.occupazioni.filter(
      (taken) => !(taken.tipo === "richiesta" && taken.riferimento_id === request.id),
    ),
  }));
  const free = freeUnitsFor(units, request.dal, request.al);
  if (!free.some((unit) => unit.id !== request.unit_id)) return null;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Unità da consegnare
      </label>
      <select
        id={id}
        value={free.some((unit) => unit.id === value) ? value : ""}
        onChange={(event) => onChange(Number(event.target.value))}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
      >
        {!free.some((unit) => unit.id === request.unit_id) && (
          <option value="" disabled>
            {request.codice_univoco} (occupata: scegline un'altra)
          </option>
        )}
        {free.map((unit) => (
          <option key={unit.id} value={unit.id}>
            {unit.codice_univoco}
            {unit.id === request.unit_id ? " (richiesta)" : ""}
          </option>
        ))}
      </select>
      <p className="mt-1.5 text-xs text-slate-500">Solo le unità libere per queste date.</p>
    </div>
  );
}

function RequestDetails({ request, borrower }: { request: RequestView; borrower: string }) {
  const rows: [string, string][] = [
    ["Articolo", `${request.oggetto_nome} (${request.codice_univoco})`],
    ["Utente", borrower],
    ["Email", request.utente_email ?? "—"],
    ["Dal", formatDate(request.dal)],
    ["Al", formatDate(request.al)],
  ];
  if (request.tipo_utilizzo) rows.push(["Utilizzo", request.tipo_utilizzo === "interno" ? "Interno" : "Esterno"]);
  if (request.note) rows.push(["Note", request.note]);
  return (
    <div className="space-y-3">
      {(request.is_blocked || request.penalty_strikes > 0) && (
        <Alert tone={request.is_blocked ? "error" : "warning"}>
          {request.is_blocked
            ? "Questo utente è bloccato per ritardi nella restituzione."
            : `Questo utente ha ${request.penalty_strikes} penalità.`}
        </Alert>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
