import { BellRing } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { addDays, datesText } from "../../../../src/domain/dates";
import { type QueueTarget, useJoinQueue } from "../../api/attese";
import { useClosedDays } from "../../api/impostazioni";
import { BOOKING_HORIZON_DAYS } from "../../api/inventario";
import { Alert } from "../alert";
import { BookingCalendar, type DateRangeValue } from "../booking-calendar";
import { Button } from "../button";

export const JOIN_QUEUE_LABEL = "Avvisami se si libera";

interface JoinQueueFormProps {
  target: QueueTarget;
  /** The item's or the kit's name, as the student reads it. */
  nome: string;
  /** The academy's today. */
  today: string;
  /** Dates already chosen (a booking refused for them): only the button; else a calendar to pick them. */
  dates?: { dal: string; al: string };
}

/**
 * "Avvisami se si libera": the student joins the queue of an item or a kit for dates on which nothing is
 * free, and reads their place in it. Taken days can be picked here, since waiting for them is the point.
 */
export function JoinQueueForm({ target, nome, today, dates }: JoinQueueFormProps) {
  const joinQueue = useJoinQueue();
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const closedDays = useClosedDays(today, lastDay);
  const [range, setRange] = useState<DateRangeValue>({ from: null, to: null });
  const dal = dates?.dal ?? range.from;
  const al = dates?.al ?? range.to ?? range.from;

  if (joinQueue.data && dal && al)
    return (
      <Alert tone="success">
        <p className="font-medium">
          Sei il n. {joinQueue.data.posizione} in coda per {nome}.
        </p>
        <p className="mt-1">
          Se si libera {datesText(dal, al)}, il posto è tenuto per te e ti avvisiamo nelle notifiche e per e-mail.{" "}
          <Link to="/attese" className="font-medium underline">
            Vedi le tue attese
          </Link>
        </p>
      </Alert>
    );

  return (
    <fieldset aria-label={`${JOIN_QUEUE_LABEL}: ${nome}`} className="min-w-0 space-y-3">
      {!dates && (
        <>
          <p className="text-sm text-slate-600">
            Scegli il primo e l'ultimo giorno che ti servono, anche se sono occupati: se si libera un'unità per quei
            giorni, il posto è tenuto per te.
          </p>
          <BookingCalendar
            label={`Date per cui aspetti ${nome}`}
            firstDay={today}
            lastDay={lastDay}
            takenDays={new Set()}
            unavailableDays={closedDays}
            value={range}
            onChange={(next) => {
              joinQueue.reset();
              setRange(next);
            }}
          />
        </>
      )}
      {joinQueue.error && <Alert tone="error">{joinQueue.error.message}</Alert>}
      <Button
        variant={dates ? "primary" : "secondary"}
        icon={BellRing}
        disabled={!dal || !al}
        busy={joinQueue.isPending}
        onClick={() => dal && al && joinQueue.mutate({ ...target, dal, al })}
      >
        {JOIN_QUEUE_LABEL}
      </Button>
    </fieldset>
  );
}
