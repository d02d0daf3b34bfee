import { ArrowLeft, BellRing, CalendarPlus, MapPin, PackageX, Tag } from "lucide-react";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { addDays } from "../../../../../src/domain/dates";
import { LOAN_TYPE_LABELS } from "../../../../../src/domain/loan-types";
import { useClosedDays } from "../../../api/impostazioni";
import { BOOKING_HORIZON_DAYS, type ItemDetails, useItem, useItemAvailability } from "../../../api/inventario";
import { useServerToday } from "../../../api/system";
import { AddToSetButton } from "../../../components/add-to-set-button";
import { Alert } from "../../../components/alert";
import { BookingCalendar } from "../../../components/booking-calendar";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { isShowablePicture, Picture } from "../../../components/picture";
import { LoadingState } from "../../../components/spinner";
import { JOIN_QUEUE_LABEL, JoinQueueForm } from "../../../components/waiting-list/join-queue-form";
import { ApiError } from "../../../lib/api";
import { firstFreeDay, freeTodayLabel, takenDays } from "../../../lib/item-availability";
import { DeskItemPanel } from "./desk-item-panel";
import { ItemQueue } from "./item-queue";

interface ItemPageProps {
  /** Opens the new-request wizard on this item (students). */
  onRequestItem?: (itemId: number) => void;
  isDesk: boolean;
}

/**
 * `/inventario/:id`, where every printed QR code leads. A student of the item's course sees the item, a
 * month calendar of its availability and "Richiedi"; the desk sees its units, bookings, timeline,
 * history and actions. `?unita=CODE` (a unit's label) picks out that unit.
 */
export function ItemPage({ onRequestItem, isDesk }: ItemPageProps) {
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const itemId = Number.isInteger(id) && id > 0 ? id : null;
  const item = useItem(itemId);
  const today = useServerToday();
  const availability = useItemAvailability(item.data ? item.data.id : null, today);
  const closedDays = useClosedDays(today, addDays(today, BOOKING_HORIZON_DAYS));
  const backLink = isDesk ? "/inventario" : "/articoli";
  const [waiting, setWaiting] = useState(false);

  if (itemId === null || item.isError) {
    const missing = itemId === null || (item.error instanceof ApiError && item.error.status === 404);
    return (
      <div className="mx-auto max-w-xl py-8">
        <EmptyState
          icon={PackageX}
          title={isDesk ? "Articolo non trovato" : "Articolo non disponibile per te"}
          text={
            missing
              ? isDesk
                ? "L'articolo non esiste o è stato eliminato."
                : "Questo articolo non è assegnato al tuo corso, oppure non esiste più. Rivolgiti al banco prestiti se ti serve."
              : (item.error?.message ?? "Errore nel caricamento dell'articolo")
          }
        />
        <div className="mt-4 flex justify-center">
          <Link to={backLink} className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
            {isDesk ? "Torna all'inventario" : "Vedi gli articoli del tuo corso"}
          </Link>
        </div>
      </div>
    );
  }
  if (item.isPending) return <LoadingState label="Caricamento articolo..." />;

  const details = item.data;
  const nextFree = availability.data ? firstFreeDay(availability.data) : null;
  return (
    <div className="space-y-6">
      <Link
        to={backLink}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {isDesk ? "Inventario" : "Articoli disponibili"}
      </Link>
      <ItemSummary item={details} />

      {isDesk ? (
        <>
          <DeskItemPanel item={details} availability={availability.data} today={today} unitCode={search.get("unita")} />
          <ItemQueue itemId={details.id} />
        </>
      ) : (
        <section
          aria-labelledby="item-calendar-title"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="item-calendar-title" className="text-base font-semibold text-slate-900">
              Disponibilità
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" icon={BellRing} aria-expanded={waiting} onClick={() => setWaiting(!waiting)}>
                {JOIN_QUEUE_LABEL}
              </Button>
              <AddToSetButton kind="articolo" id={details.id} nome={details.nome} disabled={!nextFree} />
              <Button icon={CalendarPlus} disabled={!nextFree} onClick={() => onRequestItem?.(details.id)}>
                Richiedi
              </Button>
            </div>
          </div>
          {availability.isPending && <LoadingState label="Caricamento disponibilità..." />}
          {availability.isError && <Alert tone="error">{availability.error.message}</Alert>}
          {availability.data && (
            <>
              <p className="mb-3 text-sm text-slate-600">
                {nextFree
                  ? `${freeTodayLabel(details, details.unita_disponibili > 0)}. I giorni barrati sono occupati su tutte le unità.`
                  : "Nessuna unità è libera nei prossimi 12 mesi."}
              </p>
              <BookingCalendar
                label={`Disponibilità di ${details.nome}`}
                firstDay={today}
                lastDay={addDays(today, BOOKING_HORIZON_DAYS)}
                takenDays={takenDays(availability.data, null)}
                unavailableDays={closedDays}
              />
            </>
          )}
          {waiting && (
            <div className="mt-4 border-t border-slate-200 pt-4">
              <JoinQueueForm target={{ inventario_id: details.id }} nome={details.nome} today={today} />
            </div>
          )}
        </section>
      )}
    </div>
  );
}

/** The item's picture (its link or first photo), name and facts; the desk adds photos in its "Foto" section. */
function ItemSummary({ item }: { item: ItemDetails }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row">
      {isShowablePicture(item.immagine_url) && (
        <div className="w-full sm:w-48">
          <Picture
            url={item.immagine_url}
            alt={`Foto di ${item.nome}`}
            className="h-40 w-full rounded-lg bg-slate-100 object-cover"
          />
        </div>
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">{item.nome}</h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <Tag className="size-3.5 text-slate-500" aria-hidden="true" />
            {item.categoria_nome ?? "Senza categoria"}
          </span>
          {item.posizione && (
            <span className="inline-flex items-center gap-1.5">
              <MapPin className="size-3.5 text-slate-500" aria-hidden="true" />
              {item.posizione}
            </span>
          )}
          <span>{LOAN_TYPE_LABELS[item.tipo_prestito]}</span>
          <span>
            {item.unita_disponibili} di {item.quantita_totale}{" "}
            {item.quantita_totale === 1 ? "unità libera" : "unità libere"} oggi
          </span>
          {item.quantita_totale > 0 && (
            <span className="font-medium text-slate-800">{freeTodayLabel(item, item.unita_disponibili > 0)}</span>
          )}
        </p>
        {item.note && <p className="text-sm break-words text-slate-700">{item.note}</p>}
      </div>
    </section>
  );
}
