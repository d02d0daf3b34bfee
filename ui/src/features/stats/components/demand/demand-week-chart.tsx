import { useId } from "react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import type { DemandItemWeeks } from "../../../../api/demand-report";
import { ColumnHeadings } from "../../../../components/column-headings";
import { weekTitle } from "./demand-format";

// The drawing's own units: the SVG stretches to the card's width, its strokes keep their thickness.
const WIDTH = 600;
const HEIGHT = 160;

/** What the chart shows, said in words: the peak week and how many weeks asked for more than there was. */
export function chartSummary(item: DemandItemWeeks): string {
  const weeks = item.settimane;
  const over = weeks.filter((week) => week.domanda > week.capacita).length;
  const peak = weeks.find((week) => week.settimana === item.settimana_di_punta);
  const peakText = peak
    ? `La ${weekTitle(peak.settimana)} è stata la più richiesta: ${peak.domanda} giorni richiesti su ${peak.capacita} disponibili.`
    : "Nessun giorno richiesto nel periodo.";
  const overText =
    over === 0
      ? "In nessuna settimana la domanda ha superato le unità disponibili."
      : `In ${over} ${over === 1 ? "settimana" : "settimane"} su ${weeks.length} la domanda ha superato le unità disponibili.`;
  return `${peakText} ${overText}`;
}

/**
 * One item's demand against its capacity, week by week: a bar per week for the days asked (red where they
 * exceed what the units could give), a line for the days the units were there to lend. Colours come from
 * the theme's scales, so the dark scheme mirrors them; the figures are also a table below the chart.
 */
export function DemandWeekChart({ item }: { item: DemandItemWeeks }) {
  const titleId = useId();
  const descId = useId();
  const weeks = item.settimane;
  const highest = Math.max(1, ...weeks.map((week) => Math.max(week.domanda, week.capacita)));
  const slot = WIDTH / Math.max(weeks.length, 1);
  const y = (value: number) => HEIGHT - (value / highest) * HEIGHT;
  const capacityLine = weeks
    .map((week, index) => `${index === 0 ? "M" : "L"}${index * slot},${y(week.capacita)}h${slot}`)
    .join("");
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  return (
    <figure className="space-y-2">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full overflow-visible"
      >
        <title id={titleId}>{`Domanda e capacità per settimana: ${item.nome}`}</title>
        <desc id={descId}>{chartSummary(item)}</desc>
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT}
          y2={HEIGHT}
          className="stroke-slate-300"
          vectorEffect="non-scaling-stroke"
        />
        {weeks.map((week, index) => (
          <rect
            key={week.settimana}
            x={index * slot + slot * 0.15}
            width={slot * 0.7}
            y={y(week.domanda)}
            height={HEIGHT - y(week.domanda)}
            className={week.domanda > week.capacita ? "fill-rose-500" : "fill-indigo-500"}
          />
        ))}
        <path
          d={capacityLine}
          fill="none"
          strokeWidth={2}
          className="stroke-amber-600"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {first && last && (
        <div className="flex justify-between gap-3 text-xs text-slate-500" aria-hidden="true">
          <span>{formatItalianDate(first.settimana)}</span>
          <span>{formatItalianDate(last.settimana)}</span>
        </div>
      )}
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-indigo-500" aria-hidden="true" />
          Giorni richiesti
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-rose-500" aria-hidden="true" />
          Richiesti oltre la capacità
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-0.5 w-3 bg-amber-600" aria-hidden="true" />
          Giorni disponibili (unità × giorni di apertura)
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-sm font-medium text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600">
          Mostra i dati settimana per settimana
        </summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{`Domanda e capacità per settimana: ${item.nome}`}</caption>
            <thead className="bg-slate-50 text-xs text-slate-600">
              <ColumnHeadings
                cellClassName="px-3 py-2"
                columns={[
                  "Settimana dal",
                  { label: "Giorni richiesti", className: "text-right" },
                  { label: "Giorni disponibili", className: "text-right" },
                ]}
              />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {weeks.map((week) => (
                <tr key={week.settimana}>
                  <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                    {formatItalianDate(week.settimana)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{week.domanda}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{week.capacita}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
