import { useCategories } from "../../../../api/categorie";
import { useCourses } from "../../../../api/corsi";
import { Alert } from "../../../../components/alert";
import { SelectField } from "../../../../components/form-field";
import { LoadingState } from "../../../../components/spinner";
import { InlineCategoryForm } from "../inline-category-form";
import type { StepProps } from "./step-props";

/** Step 4: the courses whose students see the item (the first is the main one) and its category. */
export function CoursesStep({ form, onChange }: StepProps) {
  const courses = useCourses();
  const categories = useCategories();
  const [mainCourse] = form.corsi_assegnati;

  function toggle(name: string) {
    const selected = form.corsi_assegnati.includes(name);
    onChange({
      corsi_assegnati: selected
        ? form.corsi_assegnati.filter((course) => course !== name)
        : [...form.corsi_assegnati, name],
    });
  }

  return (
    <div className="space-y-5">
      {(courses.isError || categories.isError) && (
        <Alert tone="error">Errore nel caricamento categorie/corsi/unità</Alert>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Corsi assegnati</legend>
        <p className="mb-2 text-xs text-slate-500">
          Solo gli studenti di questi corsi vedranno l'articolo. Il primo scelto è il corso principale (categoria
          madre).
        </p>
        {courses.isPending && <LoadingState />}
        {courses.data && (
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
            {courses.data.map((course) => {
              const checked = form.corsi_assegnati.includes(course.nome);
              return (
                <label
                  key={course.id}
                  className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50"
                >
                  <input
                    type="checkbox"
                    checked={checked}
                    onChange={() => toggle(course.nome)}
                    className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
                  />
                  <span className="flex-1 text-slate-800">{course.nome}</span>
                  {course.nome === mainCourse && (
                    <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs text-indigo-700">principale</span>
                  )}
                </label>
              );
            })}
          </div>
        )}
        <p className="mt-2 text-xs text-slate-500">
          {mainCourse ? `Categoria madre: ${mainCourse}` : "Seleziona almeno un corso per continuare."}
        </p>
      </fieldset>

      <div>
        <SelectField
          label="Categoria"
          optional
          value={form.categoria_id}
          onChange={(event) => onChange({ categoria_id: event.target.value })}
          disabled={!categories.data}
        >
          <option value="">Nessuna categoria</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.nome}
            </option>
          ))}
        </SelectField>
        <div className="mt-2">
          <InlineCategoryForm onCreated={(category) => onChange({ categoria_id: String(category.id) })} />
        </div>
      </div>
    </div>
  );
}
