import type { ReactNode } from "react";

/** Label/value pairs of a details dialog; rows without a value are left out. */
export function DetailList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-500">{label}</dt>
            <dd className="min-w-0 text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export function usageLabel(usage: "interno" | "esterno" | null): string | null {
  if (usage === "interno") return "Interno (lezione, in accademia)";
  if (usage === "esterno") return "Esterno (prestito)";
  return null;
}
