import { ArrowLeft, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  bookingDateProblem,
  DATE_MESSAGES,
  DESK_OFFICE,
  isInternalUse,
  UNBLOCK_HELP,
} from "../../../../../src/domain/loan-rules";
import { impliedUsage, type UsageType } from "../../../../../src/domain/loan-types";
import { Alert } from "../../../components/alert";
import { BlockedAccountCard } from "../../../components/blocked-account-card";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/form-field";
import { ModalActions } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import type { BookableUnit } from "../../../lib/bookable-units";
import { useCreateRequest } from "../api/create-request";
import type { RequestableItem } from "../api/get-requestable-items";
import { BookedRanges } from "./booked-ranges";

const MISSING_DATES = "Inserisci le date di inizio e di fine";

const USAGE_LABELS: Record<UsageType, string> = {
  interno: "Interno, in giornata",
  esterno: "Esterno",
};

interface DatesStepProps {
  item: RequestableItem;
  unit: BookableUnit;
  usage: UsageType | null;
  /** The academy's today, from the server's clock when known. */
  today: string;
  onBack: () => void;
  onDone: () => void;
}

interface BlockedAnswer {
  message: string;
  reason: string | null;
  strikes: number;
  helpMessage: string;
}

/** The server refuses a blocked student with `{ blocked: true, message, reason, strikes, helpMessage }`. */
function blockedAnswer(error: unknown): BlockedAnswer | null {
  if (!(error instanceof ApiError) || error.body.blocked !== true) return null;
  const { message, reason, strikes, helpMessage } = error.body;
  return {
    message: typeof message === "string" ? message : error.message,
    reason: typeof reason === "string" ? reason : null,
    strikes: typeof strikes === "number" ? strikes : 0,
    helpMessage: typeof helpMessage === "string" ? helpMessage : UNBLOCK_HELP,
  };
}

/** Step 4: the dates (start defaults to today) and an optional note, then the request is sent. */
export function DatesStep({ item, unit, usage, today, onBack, onDone }: DatesStepProps) {
  const createRequest = useCreateRequest();
  const showToast = useToast();
  // Until the student picks a start date it follows "today", which may arrive from the server late.
  const [chosenStart, setChosenStart] = useState<string | null>(null);
  const [chosenEnd, setChosenEnd] = useState("");
  const [note, setNote] = useState("");
  const [submitted, setSubmitted] = useState(false);

  const internal = isInternalUse(item.tipo_prestito, usage);
  const shownUsage = impliedUsage(item.tipo_prestito, usage);
  const start = chosenStart ?? today;
  // Internal use is a same-day booking: the end follows the start and cannot be edited.
  const end = internal ? start : chosenEnd;
  // Checked as the student types; a missing end date only counts once they try to send.
  const ruleProblem = start
    ? bookingDateProblem({ start, end: end || start, today, loanType: item.tipo_prestito, usage, form: "request" })
    : null;
  const dateProblem = ruleProblem ?? (submitted && (!start || !end) ? MISSING_DATES : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (dateProblem || !start || !end) return;
    createRequest.mutate(
      {
        unit_id: unit.id,
        dal: start,
        al: end,
        note: note.trim() || null,
        tipo_utilizzo: item.tipo_prestito === "entrambi" ? usage : null,
      },
      {
        onSuccess: () => {
          showToast(`Richiesta inviata: riceverai l'esito dall'${DESK_OFFICE}`);
          onDone();
        },
      },
    );
  }

  const blocked = blockedAnswer(createRequest.error);
  if (blocked)
    return (
      <BlockedAccountCard {...blocked}>
        <div className="pt-2">
          <Button variant="secondary" onClick={onDone}>
            Chiudi
          </Button>
        </div>
      </BlockedAccountCard>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
        <p className="font-medium text-slate-900">{item.nome}</p>
        <p className="mt-0.5 text-slate-600">
          Unità <span className="font-mono font-semibold break-all">{unit.codice_univoco}</span>
          {shownUsage && <> · Utilizzo: {USAGE_LABELS[shownUsage]}</>}
        </p>
        <div className="mt-3 border-t border-slate-200 pt-3">
          <p className="mb-1.5 text-xs font-medium text-slate-700">Date già occupate per questa unità</p>
          <BookedRanges ranges={unit.prenotazioni} label="Date già occupate" />
        </div>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Data di inizio"
          type="date"
          min={today}
          value={start}
          onChange={(event) => setChosenStart(event.target.value)}
        />
        <TextField
          label="Data di fine"
          type="date"
          min={start}
          value={end}
          disabled={internal}
          hint={internal ? DATE_MESSAGES.internalSameDay : undefined}
          onChange={(event) => setChosenEnd(event.target.value)}
        />
      </div>

      <div>
        <label htmlFor="request-note" className="mb-1.5 block text-sm font-medium text-slate-700">
          Note <span className="font-normal text-slate-500">(opzionale)</span>
        </label>
        <textarea
          id="request-note"
          rows={3}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          placeholder="Per quale corso o progetto ti serve, esigenze particolari…"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </div>

      {dateProblem && <Alert tone="error">{dateProblem}</Alert>}
      {!dateProblem && createRequest.error && <Alert tone="error">{createRequest.error.message}</Alert>}

      <ModalActions>
        <Button variant="secondary" icon={ArrowLeft} onClick={onBack}>
          Indietro
        </Button>
        <Button type="submit" icon={Send} busy={createRequest.isPending}>
          Invia Richiesta
        </Button>
      </ModalActions>
    </form>
  );
}
