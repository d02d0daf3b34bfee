import { type KeyboardEvent, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { AdvancedStats } from "./advanced-stats";
import { BasicStats } from "./basic-stats";

type Tab = "basic" | "advanced";

const TABS: { key: Tab; label: string }[] = [
  { key: "basic", label: "Base" },
  { key: "advanced", label: "Avanzate" },
];

export function StatsPage() {
  const [tab, setTab] = useState<Tab>("basic");

  // The two tabs behave as one control: arrow keys move between them (WAI-ARIA tabs pattern).
  function switchTabWithArrows(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const next: Tab = tab === "basic" ? "advanced" : "basic";
    setTab(next);
    document.getElementById(`stats-tab-${next}`)?.focus();
  }

  return (
    <>
      <PageHeader title="Statistiche" description="Uso del servizio prestiti: numeri, andamento e classifiche." />
      <div
        role="tablist"
        aria-label="Tipo di statistiche"
        onKeyDown={switchTabWithArrows}
        className="mb-5 flex w-full gap-1 rounded-lg bg-slate-200/70 p-1 sm:w-fit"
      >
        {TABS.map(({ key, label }) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              type="button"
              role="tab"
              id={`stats-tab-${key}`}
              aria-selected={selected}
              aria-controls="stats-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => setTab(key)}
              className={`flex-1 rounded-md px-4 py-1.5 text-sm font-medium transition-colors sm:flex-none focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
              }`}
            >
              {label}
            </button>
          );
        })}
      </div>
      <div id="stats-panel" role="tabpanel" aria-labelledby={`stats-tab-${tab}`}>
        {tab === "basic" ? <BasicStats /> : <AdvancedStats />}
      </div>
    </>
  );
}
