import { useCategories } from "../../../../api/categorie";
import type { DemandFilters as Filters } from "../../../../api/demand-report";
import { SelectField, TextField } from "../../../../components/form-field";
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
      <TextField
        label="Dal"
        type="date"
        optional
        value={dal}
        max={al || undefined}
        onChange={(event) => onChange({ ...filters, dal: event.target.value, al })}
      />
      <TextField
        label="Al"
        type="date"
        optional
        value={al}
        min={dal || undefined}
        onChange={(event) => onChange({ ...filters, dal, al: event.target.value })}
      />
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
