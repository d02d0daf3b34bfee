import { Archive, ArchiveRestore, Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type ManagedCourse, useAllCourses, useSaveCourse } from "../../../api/corsi";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/form-field";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";

/** Courses: added, renamed, archived (an archived course keeps its items and students). */
export function CoursesCard() {
  const courses = useAllCourses();
  const save = useSaveCourse();
  const toast = useToast();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  function change(input: Parameters<typeof save.mutate>[0], done: string) {
    setError(null);
    save.mutate(input, { onSuccess: () => toast(done), onError: (failure) => setError(failure.message) });
  }

  function add(event: FormEvent) {
    event.preventDefault();
    change({ nome: name }, `Corso "${name.trim()}" aggiunto`);
    setName("");
  }

  return (
    <section aria-labelledby="corsi-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="corsi-title" className="font-semibold text-slate-900">
        Corsi
      </h2>
      <p className="text-sm text-slate-600">
        Un corso archiviato conserva articoli e studenti ma non è più proposto a chi si registra.
      </p>
      {courses.isPending && <LoadingState label="Caricamento corsi..." />}
      {courses.isError && <Alert tone="error">Errore nel caricamento categorie/corsi/unità</Alert>}
      {courses.isSuccess && (
        <ul className="mt-4 divide-y divide-slate-100">
          {courses.data.map((course) => (
            <CourseRow key={`${course.id}-${course.nome}`} course={course} onChange={change} busy={save.isPending} />
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <TextField
            label="Nuovo corso"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" icon={Plus} disabled={save.isPending || name.trim() === ""}>
          Aggiungi corso
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
    </section>
  );
}

function CourseRow({
  course,
  onChange,
  busy,
}: {
  course: ManagedCourse;
  onChange: (input: { id: number; nome?: string; archiviato?: boolean }, done: string) => void;
  busy: boolean;
}) {
  const [name, setName] = useState(course.nome);
  const renamed = name.trim() !== "" && name.trim() !== course.nome;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <TextField
          label={course.archiviato ? `${course.nome} (archiviato)` : course.nome}
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={busy || !renamed}
          onClick={() => onChange({ id: course.id, nome: name }, `Corso rinominato in "${name.trim()}"`)}
        >
          Rinomina
        </Button>
        <Button
          variant="secondary"
          icon={course.archiviato ? ArchiveRestore : Archive}
          disabled={busy}
          onClick={() =>
            onChange(
              { id: course.id, archiviato: !course.archiviato },
              course.archiviato ? `Corso "${course.nome}" riattivato` : `Corso "${course.nome}" archiviato`,
            )
          }
        >
          {course.archiviato ? "Riattiva" : "Archivia"}
        </Button>
      </div>
    </li>
  );
}
