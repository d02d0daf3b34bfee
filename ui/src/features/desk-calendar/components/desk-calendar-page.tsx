import { ArrowDownToLine, ArrowUpFromLine, CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { addDays, isIsoDate, startOfIsoWeek } from "../../../../../src/domain/dates";
import { type AgendaEntry, useAgenda } from "../../../api/agenda";
import { useCategories } from "../../../api/categorie";
import { useCourses } from "../../../api/corsi";
import { useServerToday } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ChoiceGroup } from "../../../components/choice-group";
import { StudentLink } from "../../../components/entity-links";
import { SelectField } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { Badge } from "../../../components/status-badge";
import { countWith } from "../../../lib/plural";

type Span = "giorno" | "settimana";

const SPANS = [
  { value: "giorno", label: "Giorno" },
  { value: "settimana", label: "Settimana" },
] as const;

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

/**
 * The desk's calendar of every booking (`/calendario`): day by day, what goes out and what comes back,
 * for one day or one week (`?vista=giorno|settimana&data=`), filtered by category or course.
 */
export function DeskCalendarPage() {
  const today = useServerToday();
  const [params, setParams] = useSearchParams();
  const span: Span = params.get("vista") === "giorno" ? "giorno" : "settimana";
  const chosen = params.get("data");
  const anchor = chosen && isIsoDate(chosen) ? chosen : today;
  const from = span === "giorno" ? anchor : startOfIsoWeek(anchor);
  const to = span === "giorno" ? anchor : addDays(from, 6);
  const categoria = params.get("categoria") ?? "";
  const corso = params.get("corso") ?? "";
  const agenda = useAgenda({ dal: from, al: to, categoria, corso });
  const categories = useCategories();
  const courses = useCourses();

  function change(updates: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(updates)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }
  const step = span === "giorno" ? 1 : 7;
  const days = Array.from({ length: span === "giorno" ? 1 : 7 }, (_, index) => addDays(from, index));
  const entries = agenda.data?.voci ?? [];

  return (
    <>
      <PageHeader title="Calendario" description="Cosa esce e cosa rientra, giorno per giorno." />
      <section
        aria-label="Filtri del calendario"
        className="mb-5 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end lg:justify-between"
      >
        <div className="flex flex-wrap items-end gap-3">
          <ChoiceGroup
            legend="Vista"
            choices={SPANS}
            value={span}
            onChange={(value) => change({ vista: value === "settimana" ? "" : value })}
          />
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              icon={ChevronLeft}
              aria-label={span === "giorno" ? "Giorno precedente" : "Settimana precedente"}
              onClick={() => change({ data: addDays(anchor, -step) })}
              className="px-2.5 py-2"
            />
            <Button variant="secondary" onClick={() => change({ data: "" })} className="py-2">
              Oggi
            </Button>
            <Button
              variant="secondary"
              icon={ChevronRight}
              aria-label={span === "giorno" ? "Giorno successivo" : "Settimana successiva"}
              onClick={() => change({ data: addDays(anchor, step) })}
              className="px-2.5 py-2"
            />
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:w-[28rem]">
          <SelectField
            label="Categoria"
            optional
            value={categoria}
            onChange={(e) => change({ categoria: e.target.value })}
          >
            <option value="">Tutte le categorie</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.nome}
              </option>
            ))}
          </SelectField>
          <SelectField label="Corso" optional value={corso} onChange={(e) => change({ corso: e.target.value })}>
            <option value="">Tutti i corsi</option>
            {(courses.data ?? []).map((course) => (
              <option key={course.id} value={course.nome}>
                {course.nome}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      {agenda.isPending && <LoadingState label="Caricamento calendario..." />}
      {agenda.isError && <Alert tone="error">{agenda.error.message}</Alert>}
      {agenda.isSuccess && (
        <div className="space-y-4">
          {days.map((day) => (
            <DayAgenda
              key={day}
              day={day}
              isToday={day === today}
              entries={entries.filter((entry) => entry.data === day)}
            />
          ))}
        </div>
      )}
    </>
  );
}

function DayAgenda({ day, isToday, entries }: { day: string; isToday: boolean; entries: AgendaEntry[] }) {
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
