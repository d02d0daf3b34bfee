import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { StatsPeriod, TrendBucket } from "../../../api/stats";
import { bucketTitle, shortMonth } from "./trend-labels";

const INDIGO = "#4f46e5";
const SLATE_500 = "#64748b";
const SLATE_200 = "#e2e8f0";

/**
 * The request trend as bars. Loaded on demand (the chart library is large), so the statistics
 * tab pays for it only when it is opened.
 */
export function RequestTrendChart({ data, period }: { data: TrendBucket[]; period: StatsPeriod }) {
  return (
    <BarChart
      responsive
      // The chart is hidden from assistive technology (a table says the same): it must take no focus.
      accessibilityLayer={false}
      data={data}
      margin={{ top: 8, right: 4, bottom: 0, left: -24 }}
      style={{ width: "100%", height: 260 }}
    >
      <CartesianGrid vertical={false} stroke={SLATE_200} />
      <XAxis
        dataKey="label"
        tickFormatter={period === 365 ? shortMonth : undefined}
        tick={{ fontSize: 11, fill: SLATE_500 }}
        tickLine={false}
        axisLine={{ stroke: SLATE_200 }}
        interval="preserveStartEnd"
        minTickGap={16}
      />
      <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: SLATE_500 }} tickLine={false} axisLine={false} />
      <Tooltip
        cursor={{ fill: "#eef2ff" }}
        labelFormatter={(label) => bucketTitle(String(label), period)}
        formatter={(value) => [value, "Richieste"]}
        contentStyle={{ borderRadius: 8, borderColor: SLATE_200, fontSize: 13 }}
      />
      <Bar dataKey="count" name="Richieste" fill={INDIGO} radius={[3, 3, 0, 0]} maxBarSize={40} />
    </BarChart>
  );
}
