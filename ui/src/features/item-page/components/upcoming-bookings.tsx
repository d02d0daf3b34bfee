import type { ItemAvailability } from "../../../api/inventario";
import { formatDate } from "../../../lib/dates";
import { OCCUPATION_LABELS } from "../../../lib/item-availability";

/** The next ten loans and requests starting after today, on any unit of the item. */
export function UpcomingBookings({
  availability,
  today,
}: {
  availability: ItemAvailability | undefined;
  today: string;
}) {
  const upcoming = (availability?.unita ?? [])
    .flatMap((unit) =>
      unit.occupazioni
        .filter((taken) => (taken.tipo === "prestito" || taken.tipo === "richiesta") && taken.dal > today)
        .map((taken) => ({ ...taken, code: unit.codice_univoco })),
    )
    .sort((a, b) => a.dal.localeCompare(b.dal))
    .slice(0, 10);
  return (
    <section aria-labelledby="upcoming-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="upcoming-title" className="mb-3 text-base font-semibold text-slate-900">
        Prossime prenotazioni
      </h2>
      {upcoming.length === 0 ? (
        <p className="text-sm text-slate-600">Nessuna prenotazione in arrivo.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {upcoming.map((taken) => (
            <li key={`${taken.tipo}-${taken.riferimento_id}-${taken.code}`} className="flex flex-wrap gap-x-3">
              <span className="font-medium text-slate-900">
                {taken.dal === taken.al
                  ? formatDate(taken.dal)
                  : `${formatDate(taken.dal)} → ${taken.al ? formatDate(taken.al) : "…"}`}
              </span>
              <span className="font-mono text-slate-700">{taken.code}</span>
              <span className="text-slate-600">
                {OCCUPATION_LABELS[taken.tipo]} · {taken.chi ?? "—"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
