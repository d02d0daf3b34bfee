import { useCategories } from "../../../../api/categorie";
import type { DemandFilters as Filters } from "../../../../api/demand-report";
import { DateField } from "../../../../components/date-field";
import { SelectField } from "../../../../components/form-field";
import { useCourseNames } from "../../../../lib/courses";

/**
 * The report's period, course and category. An empty date shows the period the server answered (the last
 * 90 days by default); changing one end keeps the other as shown, so the period is what the desk sees.
 */
export function DemandFilters({
  filters,
  shownPeriod,
  onChange,
}: {
  filters: Filters;
  shownPeriod: { dal: string; al: string } | null;
  onChange: (filters: Filters) => void;
}) {
  const categories = useCategories();
  const courses = useCourseNames(filters.corso || null);
  const dal = filters.dal || shownPeriod?.dal || "";
  const al = filters.al || shownPeriod?.al || "";
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Filtra il rapporto sulla domanda</legend>
      <DateField label="Dal" optional value={dal} onChange={(day) => onChange({ ...filters, dal: day, al })} />
      <DateField label="Al" optional value={al} onChange={(day) => onChange({ ...filters, dal, al: day })} />
      <SelectField
        label="Corso"
        optional
        value={filters.corso}
        onChange={(event) => onChange({ ...filters, corso: event.target.value })}
      >
        <option value="">Tutti i corsi</option>
        {courses.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Categoria"
        optional
        value={filters.categoria}
        onChange={(event) => onChange({ ...filters, categoria: event.target.value })}
      >
        <option value="">Tutte le categorie</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={String(category.id)}>
            {category.nome}
          </option>
        ))}
      </SelectField>
    </fieldset>
  );
}
