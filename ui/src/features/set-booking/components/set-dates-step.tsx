import { BellRing } from "lucide-react";
import { useState } from "react";
import { addDays } from "../../../../../src/domain/dates";
import { useClosedDays } from "../../../api/impostazioni";
import { BOOKING_HORIZON_DAYS } from "../../../api/inventario";
import type { SetConflictLine } from "../../../api/prenotazioni";
import { Alert } from "../../../components/alert";
import { BookingCalendar, type DateRangeValue } from "../../../components/booking-calendar";
import { Button } from "../../../components/button";
import { TextAreaField } from "../../../components/form-field";
import { LoadingState } from "../../../components/spinner";
import { JOIN_QUEUE_LABEL, JoinQueueForm } from "../../../components/waiting-list/join-queue-form";
import type { SetCartLine } from "../../../lib/set-cart";
import { useSetAvailability } from "../set-availability";
import { SetConflicts } from "./set-conflicts";

interface SetDatesStepProps {
  lines: readonly SetCartLine[];
  today: string;
  range: DateRangeValue;
  onRangeChange: (range: DateRangeValue) => void;
  note: string;
  onNoteChange: (note: string) => void;
  conflicts: SetConflictLine[];
  nameOf: (itemId: number) => string;
  failure: string | null;
  /** The server refused the set because a line of its kit had too few units free. */
  kitShort: boolean;
}

/**
 * The one date step: a calendar of the days on which every line is free, then an optional note. A set
 * holding a kit offers its waiting list for days on which the kit is taken.
 */
export function SetDatesStep(props: SetDatesStepProps) {
  const { lines, today, range, onRangeChange, note, onNoteChange, conflicts, nameOf, failure, kitShort } = props;
  const kit = lines.find((line) => line.kind === "kit");
  const [waitingForKit, setWaitingForKit] = useState(false);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const availability = useSetAvailability(lines, today);
  const closedDays = useClosedDays(today, lastDay);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Scegli il primo e l'ultimo giorno: sono selezionabili solo i giorni in cui ogni riga del set è libera.
      </p>
      {availability.loading && <LoadingState label="Caricamento disponibilità..." />}
      {availability.failure && <Alert tone="error">{availability.failure.message}</Alert>}
      {availability.takenDays && (
        <BookingCalendar
          label="Date del set"
          firstDay={today}
          lastDay={lastDay}
          takenDays={availability.takenDays}
          unavailableDays={closedDays}
          value={range}
          onChange={onRangeChange}
        />
      )}
      {conflicts.length > 0 && <SetConflicts lines={conflicts} nameOf={nameOf} />}
      {failure && conflicts.length === 0 && <Alert tone="error">{failure}</Alert>}
      {kit && kitShort && range.from && (
        <JoinQueueForm
          target={{ kit_id: kit.id }}
          nome={kit.nome}
          today={today}
          dates={{ dal: range.from, al: range.to ?? range.from }}
        />
      )}
      {kit && !kitShort && (
        <div className="space-y-3">
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            Il kit è occupato nelle date che ti servono?
            <Button
              variant="ghost"
              icon={BellRing}
              className="px-2 py-1"
              aria-expanded={waitingForKit}
              onClick={() => setWaitingForKit(!waitingForKit)}
            >
              {JOIN_QUEUE_LABEL}
            </Button>
          </p>
          {waitingForKit && <JoinQueueForm target={{ kit_id: kit.id }} nome={kit.nome} today={today} />}
        </div>
      )}
      <TextAreaField
        label="Note per l'ufficio"
        optional
        rows={2}
        value={note}
        onChange={(event) => onNoteChange(event.target.value)}
      />
    </div>
  );
}
