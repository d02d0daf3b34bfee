import type { LucideIcon } from "lucide-react";
import { CheckCircle2, CircleDot, ClipboardList, Loader, Plus, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { type ReportView, useMyReports } from "../../../api/segnalazioni";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { Loaded } from "../../../components/loaded";
import { PageHeader } from "../../../components/page-header";
import { MyReportList } from "./my-report-list";
import { NewReportModal } from "./new-report-modal";

interface Counter {
  label: string;
  icon: LucideIcon;
  tone: string;
  count: (reports: ReportView[]) => number;
}

/** Resolved and closed reports both count as "Risolte": for the student the problem is dealt with. */
const COUNTERS: Counter[] = [
  {
    label: "Aperte",
    icon: CircleDot,
    tone: "bg-amber-50 text-amber-600",
    count: (reports) => reports.filter((report) => report.stato === "aperta").length,
  },
  {
    label: "In Corso",
    icon: Loader,
    tone: "bg-blue-50 text-blue-600",
    count: (reports) => reports.filter((report) => report.stato === "in_corso").length,
  },
  {
    label: "Risolte",
    icon: CheckCircle2,
    tone: "bg-emerald-50 text-emerald-600",
    count: (reports) => reports.filter((report) => report.stato === "risolta" || report.stato === "chiusa").length,
  },
  { label: "Totale", icon: ClipboardList, tone: "bg-indigo-50 text-indigo-600", count: (reports) => reports.length },
];

export function ReportFaultPage() {
  const reports = useMyReports();
  const myReports = reports.data ?? [];
  const [creating, setCreating] = useState(false);

  return (
    <>
      <PageHeader
        title="Segnala Guasto"
        description="Segnala un problema su un'attrezzatura che hai in prestito e seguine lo stato."
        actions={
          <Button icon={Plus} onClick={() => setCreating(true)}>
            Nuova Segnalazione
          </Button>
        }
      />

      <ul aria-label="Riepilogo segnalazioni" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {COUNTERS.map(({ label, icon: Icon, tone, count }) => (
          <li key={label} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div className="min-w-0">
              <p className="text-2xl font-semibold text-slate-900">{reports.data ? count(reports.data) : "–"}</p>
              <p className="truncate text-sm text-slate-500">{label}</p>
            </div>
          </li>
        ))}
      </ul>

      <section aria-labelledby="my-reports-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="my-reports-title" className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900 sm:px-5">
          Le Mie Segnalazioni
        </h2>
        <Loaded query={reports} loading="Caricamento segnalazioni..." error="Errore nel caricamento segnalazioni" inset>
          {myReports.length === 0 ? (
            <EmptyState
              icon={TriangleAlert}
              title="Nessuna segnalazione"
              text="Se un'attrezzatura che hai in prestito ha un problema, segnalalo con Nuova Segnalazione."
            />
          ) : (
            <MyReportList reports={myReports} />
          )}
        </Loaded>
      </section>

      {creating && <NewReportModal onClose={() => setCreating(false)} />}
    </>
  );
}
