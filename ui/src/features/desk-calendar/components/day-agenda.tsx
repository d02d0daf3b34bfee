import { ArrowDownToLine, ArrowUpFromLine, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import type { AgendaEntry } from "../../../api/agenda";
import { StudentLink } from "../../../components/entity-links";
import { Badge } from "../../../components/status-badge";
import { countWith } from "../../../lib/plural";

const KIND_LABELS: Record<AgendaEntry["tipo"], string> = {
  prestito: "Prestito",
  prenotazione: "Set",
  richiesta: "Richiesta",
};

const STATE_LABELS: Record<string, string> = {
  da_ritirare: "Da ritirare",
  attivo: "In corso",
  scaduto: "Scaduto",
  restituito: "Restituito",
  in_attesa: "Da approvare",
  approvata: "Da ritirare",
  in_corso: "In corso",
  conclusa: "Conclusa",
};

const dayTitle = new Intl.DateTimeFormat("it-IT", {
  weekday: "long",
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

function titleOf(day: string): string {
  const text = dayTitle.format(new Date(`${day}T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Where an entry leads: a request to its details on Prestiti, a loan to Prestiti searched by its student
 * (the completed tab once back), a set to its student's page, which lists their sets.
 */
function entryPath(entry: AgendaEntry): string {
  if (entry.tipo === "richiesta") return `/prestiti?richiesta=${entry.id}`;
  if (entry.tipo === "prenotazione" && entry.utente_id !== null) return `/utenti/${entry.utente_id}`;
  const search = new URLSearchParams({ cerca: entry.utente_nome });
  if (entry.stato === "restituito") search.set("tab", "completati");
  return `/prestiti?${search}`;
}

/** One day of the desk's calendar: what goes out, and what comes back. */
export function DayAgenda({ day, isToday, entries }: { day: string; isToday: boolean; entries: AgendaEntry[] }) {
  const out = entries.filter((entry) => entry.movimento === "uscita");
  const back = entries.filter((entry) => entry.movimento === "rientro");
  const headingId = `giorno-${day}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
        <CalendarDays className="size-4 text-slate-500" aria-hidden="true" />
        {titleOf(day)}
        {isToday && <Badge tone="indigo">Oggi</Badge>}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">Niente esce e niente rientra.</p>
      ) : (
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <Moves title={`Escono · ${countWith(out.length, "voce", "voci")}`} icon={ArrowUpFromLine} entries={out} />
          <Moves
            title={`Rientrano · ${countWith(back.length, "voce", "voci")}`}
            icon={ArrowDownToLine}
            entries={back}
          />
        </div>
      )}
    </section>
  );
}

function Moves({ title, icon: Icon, entries }: { title: string; icon: typeof CalendarDays; entries: AgendaEntry[] }) {
  return (
    <div className="min-w-0">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-700">
        <Icon className="size-4 text-slate-500" aria-hidden="true" />
        {title}
      </h3>
      <ul aria-label={title} className="mt-1 divide-y divide-slate-100">
        {entries.map((entry) => (
          <li key={`${entry.tipo}-${entry.id}-${entry.movimento}`} className="py-2 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={entryPath(entry)}
                className="min-w-0 rounded-sm font-medium break-words text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
              >
                {entry.titolo}
              </Link>
              <Badge tone="gray">{KIND_LABELS[entry.tipo]}</Badge>
              <Badge tone={entry.stato === "scaduto" ? "red" : entry.stato === "in_attesa" ? "amber" : "blue"}>
                {STATE_LABELS[entry.stato] ?? entry.stato}
              </Badge>
            </div>
            <p className="mt-0.5 text-slate-600">
              <StudentLink id={entry.utente_id} name={entry.utente_nome || "Utente eliminato"} />
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
