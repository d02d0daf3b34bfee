import { ChevronLeft, ChevronRight } from "lucide-react";
import { useSearchParams } from "react-router";
import { addDays, isIsoDate, startOfIsoWeek } from "../../../../../src/domain/dates";
import { useAgenda } from "../../../api/agenda";
import { useCategories } from "../../../api/categorie";
import { useCourses } from "../../../api/corsi";
import { useServerToday } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ChoiceGroup } from "../../../components/choice-group";
import { SelectField } from "../../../components/form-field";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { DayAgenda } from "./day-agenda";

type Span = "giorno" | "settimana";

const SPANS = [
  { value: "giorno", label: "Giorno" },
  { value: "settimana", label: "Settimana" },
] as const;

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
