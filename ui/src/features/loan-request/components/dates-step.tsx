import { ArrowLeft, BellRing, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MAX_NOTE_LENGTH } from "../../../../../src/domain/academy-settings";
import { addDays } from "../../../../../src/domain/dates";
import { bookingDateProblem, DATE_MESSAGES, isInternalUse } from "../../../../../src/domain/loan-rules";
import { impliedUsage, type UsageType } from "../../../../../src/domain/loan-types";
import { noFreeUnitRefusal } from "../../../api/attese";
import { useClosedDays } from "../../../api/impostazioni";
import type { CatalogueItem } from "../../../api/inventario";
import { BOOKING_HORIZON_DAYS, useItemAvailability } from "../../../api/inventario";
import { useCreateRequest } from "../../../api/richieste";
import { Alert } from "../../../components/alert";
import { BookingCalendar, type DateRangeValue } from "../../../components/booking-calendar";
import { Button } from "../../../components/button";
import { TextAreaField } from "../../../components/form-field";
import { ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { JOIN_QUEUE_LABEL, JoinQueueForm } from "../../../components/waiting-list/join-queue-form";
import { takenDays } from "../../../lib/item-availability";
import { BlockedRefusal, blockedAnswer } from "./blocked-refusal";
import { RequestSummary } from "./request-summary";

const MISSING_DATES = "Scegli le date sul calendario";

interface DatesStepProps {
  item: CatalogueItem;
  /** A specific unit, or null for any unit free for the dates. */
  unitId: number | null;
  usage: UsageType | null;
  /** The academy's today, from the server's clock when known. */
  today: string;
  range: DateRangeValue;
  onRangeChange: (range: DateRangeValue) => void;
  onBack: () => void;
  onDone: () => void;
}

/**
 * Step 4: the days on a calendar where the taken ones cannot be picked, an optional note, then send. When
 * the days the student needs are taken, "Avvisami se si libera" puts them in the item's queue instead.
 */
export function DatesStep({ item, unitId, usage, today, range, onRangeChange, onBack, onDone }: DatesStepProps) {
  const createRequest = useCreateRequest();
  const availability = useItemAvailability(item.id, today);
  const closedDays = useClosedDays(today, addDays(today, BOOKING_HORIZON_DAYS));
  const showToast = useToast();
  const [note, setNote] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [waiting, setWaiting] = useState(false);

  const internal = isInternalUse(item.tipo_prestito, usage);
  const shownUsage = impliedUsage(item.tipo_prestito, usage);
  const start = range.from;
  // Internal use is a same-day booking, and a single picked day is a one-day booking: the end follows the start.
  const end = internal ? start : (range.to ?? start);
  const ruleProblem =
    start && end
      ? bookingDateProblem({ start, end, today, loanType: item.tipo_prestito, usage, form: "request" })
      : null;
  const dateProblem = ruleProblem ?? (submitted && !start ? MISSING_DATES : null);
  const refusedForWantOfUnits = !dateProblem && noFreeUnitRefusal(createRequest.error);
  const unitCode = availability.data?.unita.find((unit) => unit.id === unitId)?.codice_univoco;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (dateProblem || !start || !end) return;
    createRequest.mutate(
      {
        inventario_id: item.id,
        unit_id: unitId,
        dal: start,
        al: end,
        note: note.trim() || null,
        tipo_utilizzo: item.tipo_prestito === "entrambi" ? usage : null,
      },
      {
        onSuccess: () => {
          showToast("Richiesta inviata: riceverai l'esito nelle notifiche");
          onDone();
        },
      },
    );
  }

  const blocked = blockedAnswer(createRequest.error);
  if (blocked) return <BlockedRefusal answer={blocked} onClose={onDone} />;

  if (waiting)
    return (
      <div className="space-y-5">
        <JoinQueueForm target={{ inventario_id: item.id }} nome={item.nome} today={today} />
        <ModalActions>
          <Button variant="secondary" icon={ArrowLeft} onClick={() => setWaiting(false)}>
            Torna alle date libere
          </Button>
        </ModalActions>
      </div>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <RequestSummary item={item} unitId={unitId} unitCode={unitCode} usage={shownUsage} />

      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">
          {internal ? "Giorno di utilizzo" : "Dal primo all'ultimo giorno"}
        </p>
        {internal && <p className="mb-2 text-xs text-slate-600">{DATE_MESSAGES.internalSameDay}</p>}
        {availability.isPending && <LoadingState label="Caricamento disponibilità..." />}
        {availability.isError && <Alert tone="error">{availability.error.message}</Alert>}
        {availability.data && (
          <BookingCalendar
            label={`Date della richiesta per ${item.nome}`}
            firstDay={today}
            lastDay={addDays(today, BOOKING_HORIZON_DAYS)}
            takenDays={takenDays(availability.data, unitId)}
            unavailableDays={closedDays}
            value={range}
            onChange={onRangeChange}
            singleDay={internal}
          />
        )}
        {!refusedForWantOfUnits && (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            Le date che ti servono sono occupate?
            <Button variant="ghost" icon={BellRing} className="px-2 py-1" onClick={() => setWaiting(true)}>
              {JOIN_QUEUE_LABEL}
            </Button>
          </p>
        )}
      </div>

      <TextAreaField
        id="request-note"
        label="Note"
        optional
        maxLength={MAX_NOTE_LENGTH}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        placeholder="Per quale corso o progetto ti serve, esigenze particolari…"
      />

      {dateProblem && <Alert tone="error">{dateProblem}</Alert>}
      {!dateProblem && createRequest.error && <Alert tone="error">{createRequest.error.message}</Alert>}
      {refusedForWantOfUnits && start && end && (
        <JoinQueueForm
          target={{ inventario_id: item.id }}
          nome={item.nome}
          today={today}
          dates={{ dal: start, al: end }}
        />
      )}

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
