import { type FormEvent, useState } from "react";
import { useChooseCourse } from "../../../api/academy-sign-in";
import { useCourses } from "../../../api/corsi";
import { useSession, useSignedInUser } from "../../../app/session";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { SelectField } from "../../../components/form-field";
import { getToken } from "../../../lib/api";

/**
 * Shown once to a student whose academy account maps to no course: they choose theirs, and the
 * catalogue shows its items from then on.
 */
export function ChooseCourseCard() {
  const user = useSignedInUser();
  const { signIn } = useSession();
  const courses = useCourses().data ?? [];
  const [course, setCourse] = useState("");
  const choose = useChooseCourse();
  if (!user.scelta_corso) return null;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!course) return;
    choose.mutate(course, { onSuccess: ({ user: updated }) => signIn(getToken() ?? "", updated) });
  }
  return (
    <section aria-labelledby="scelta-corso" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="scelta-corso" className="font-semibold text-slate-900">
        Scegli il tuo corso
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Il tuo account dell'Accademia non indica un corso: sceglilo per vedere l'attrezzatura a tua disposizione. Lo
        chiediamo una volta sola.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField label="Corso accademico" value={course} onChange={(event) => setCourse(event.target.value)}>
          <option value="">Seleziona…</option>
          {courses.map((option) => (
            <option key={option.id} value={option.nome}>
              {option.nome}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={choose.isPending} disabled={!course}>
          Conferma il corso
        </Button>
      </form>
      {choose.error && <Alert tone="error">{choose.error.message}</Alert>}
    </section>
  );
}
