import { overlaps } from "../../../../../src/domain/availability";
import type { ItemAvailability, UnitOccupation } from "../../../api/inventario";
import { formatDate } from "../../../lib/dates";
import { everyDay } from "../../../lib/item-availability";

const KIND_STYLES: Record<UnitOccupation["tipo"], { label: string; cell: string }> = {
  prestito: { label: "Prestito", cell: "bg-amber-400" },
  richiesta: { label: "Richiesta", cell: "bg-sky-400" },
  riparazione: { label: "Riparazione", cell: "bg-orange-600" },
  perso: { label: "Persa", cell: "bg-red-700" },
  attesa: { label: "Riservata a chi era in coda", cell: "bg-violet-400" },
};

/**
 * One row per unit over the coming weeks: each day coloured by what takes the unit (loan, pending
 * request, repair, loss), as a table so a screen reader reads it day by day.
 */
export function UnitTimeline({
  availability,
  from,
  to,
  pickedCode,
}: {
  availability: ItemAvailability;
  from: string;
  to: string;
  pickedCode: string | null;
}) {
  const shown = everyDay(from, to);
  return (
    <>
      {/* relative: the cells' screen-reader texts are positioned inside the scrolling box, not past the page's edge. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="relative overflow-x-auto" tabIndex={0} aria-label="Calendario delle unità">
        <table className="border-separate border-spacing-0.5 text-xs">
          <caption className="sr-only">
            Occupazione di ogni unità dal {formatDate(from)} al {formatDate(to)}
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 bg-white pr-2 text-left font-medium whitespace-nowrap text-slate-600"
              >
                Unità
              </th>
              {shown.map((day) => (
                <th key={day} scope="col" className="w-6 min-w-6 text-center font-normal text-slate-500">
                  <span aria-hidden="true">{day.slice(8)}</span>
                  <span className="sr-only">{formatDate(day)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {availability.unita.map((unit) => (
              <tr key={unit.id} className={unit.codice_univoco === pickedCode ? "bg-indigo-50" : ""}>
                <th
                  scope="row"
                  className="sticky left-0 bg-white pr-2 text-left font-mono font-medium whitespace-nowrap text-slate-800"
                >
                  {unit.codice_univoco}
                </th>
                {shown.map((day) => {
                  const taken = unit.occupazioni.find((occupation) => overlaps(occupation, day, day));
                  const style = taken ? KIND_STYLES[taken.tipo] : null;
                  const text = style ? `${style.label}${taken?.chi ? `: ${taken.chi}` : ""}` : "Libera";
                  return (
                    <td
                      key={day}
                      title={`${formatDate(day)} · ${text}`}
                      className={`h-6 rounded-sm ${style ? style.cell : "bg-slate-100"}`}
                    >
                      <span className="sr-only">{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {Object.values(KIND_STYLES).map((style) => (
          <span key={style.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-3 rounded-sm ${style.cell}`} /> {style.label}
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-slate-100 ring-1 ring-slate-300" /> Libera
        </span>
      </p>
    </>
  );
}
