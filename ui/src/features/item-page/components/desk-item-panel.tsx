import { CalendarRange } from "lucide-react";
import { addDays } from "../../../../../src/domain/dates";
import type { ItemAvailability, ItemDetails } from "../../../api/inventario";
import { useItemPhotos } from "../../../api/photos";
import { ActivityHistory } from "../../../components/activity-history/activity-history";
import { Alert } from "../../../components/alert";
import { DeskUnitsSection } from "./desk-units-section";
import { ItemActions } from "./item-actions";
import { ItemPhotos } from "./item-photos";
import { UnitTimeline } from "./unit-timeline";
import { UpcomingBookings } from "./upcoming-bookings";

interface DeskItemPanelProps {
  item: ItemDetails;
  availability: ItemAvailability | undefined;
  today: string;
  /** A unit's code from its label's QR (`?unita=`): that unit is picked out. */
  unitCode: string | null;
}

/** The desk's view of an item: actions, units with holder and due date, photos, next bookings, timeline, history. */
export function DeskItemPanel({ item, availability, today, unitCode }: DeskItemPanelProps) {
  const photos = useItemPhotos(item.id);
  return (
    <div className="space-y-6">
      <ItemActions item={item} unitCode={unitCode} />
      <DeskUnitsSection
        item={item}
        availability={availability}
        today={today}
        unitCode={unitCode}
        photos={photos.data ?? []}
      />
      {photos.isError && <Alert tone="error">{photos.error.message}</Alert>}
      {photos.data && <ItemPhotos item={item} photos={photos.data} />}
      <UpcomingBookings availability={availability} today={today} />
      {availability && (
        <section aria-labelledby="timeline-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="timeline-title" className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
            <CalendarRange className="size-4 text-slate-500" aria-hidden="true" />
            Le prossime quattro settimane
          </h2>
          <UnitTimeline availability={availability} from={today} to={addDays(today, 27)} pickedCode={unitCode} />
        </section>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <ActivityHistory entity="item" id={item.id} title="Storico dell'articolo" />
      </div>
    </div>
  );
}
