import { MessageSquareWarning } from "lucide-react";
import { useReportsSummary } from "../../../api/segnalazioni";
import { RelativeTime } from "../../../components/relative-time";
import { RecentCard } from "./recent-card";

const TYPES: Record<string, string> = {
  guasto: "Guasto",
  danneggiamento: "Danneggiamento",
  malfunzionamento: "Malfunzionamento",
  perdita: "Perdita",
};

const STATES: Record<string, { label: string; tone: string }> = {
  aperta: { label: "Aperta", tone: "bg-red-50 text-red-700 ring-red-200" },
  in_corso: { label: "In Corso", tone: "bg-amber-50 text-amber-800 ring-amber-200" },
  risolta: { label: "Risolta", tone: "bg-emerald-50 text-emerald-700 ring-emerald-200" },
  chiusa: { label: "Chiusa", tone: "bg-slate-100 text-slate-600 ring-slate-200" },
};

const URGENCY_TONES: Record<string, string> = {
  bassa: "text-slate-500",
  media: "text-amber-700",
  alta: "text-orange-700",
  critica: "text-red-700",
};

/** The five newest fault reports, as the server's summary lists them. */
export function RecentReports() {
  const reports = useReportsSummary();
  return (
    <RecentCard
      titleId="recent-reports-title"
      title="Segnalazioni Recenti"
      state={reports}
      rows={reports.data?.recenti}
      errorText="Errore nel caricamento segnalazioni"
      empty={{
        icon: MessageSquareWarning,
        title: "Nessuna segnalazione",
        text: "I guasti segnalati dagli studenti compaiono qui.",
      }}
    >
      {(rows) => (
        <ul className="divide-y divide-slate-100">
          {rows.map((report) => {
            const state = STATES[report.stato] ?? {
              label: report.stato,
              tone: "bg-slate-100 text-slate-600 ring-slate-200",
            };
            return (
              <li key={report.id} className="px-5 py-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{report.inventario_nome}</p>
                    <p className="text-sm text-slate-600">
                      {TYPES[report.tipo] ?? report.tipo} ·{" "}
                      <span className={`font-medium ${URGENCY_TONES[report.urgenza] ?? ""}`}>
                        urgenza {report.urgenza}
                      </span>
                    </p>
                  </div>
                  <span
                    className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${state.tone}`}
                  >
                    {state.label}
                  </span>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-slate-500">{report.messaggio}</p>
                <p className="mt-1 text-xs text-slate-500">
                  {report.utente_nome} {report.utente_cognome} · <RelativeTime value={report.created_at} />
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </RecentCard>
  );
}
