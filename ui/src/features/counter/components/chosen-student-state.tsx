import { useStudentSheet } from "../../../api/scheda";
import { StudentLink } from "../../../components/entity-links";
import { StudentState } from "../../../components/student-state";
import { fullName, type User } from "../../../lib/user";

/**
 * The chosen student's standing, as soon as they are chosen: blocked, overdue loans, strikes, open
 * mancanze, before "Presta" is pressed; their name leads to the student page.
 */
export function ChosenStudentState({ student }: { student: User }) {
  const sheet = useStudentSheet(student.id);
  return (
    <div className="space-y-1.5">
      {sheet.isPending && (
        <p role="status" className="text-sm text-slate-600">
          Controllo della situazione dello studente...
        </p>
      )}
      {sheet.isSuccess && <StudentState sheet={sheet.data} />}
      {/* Without the sheet the server still refuses what it must at "Presta": the warning is a help. */}
      {sheet.isError && <p className="text-sm text-slate-600">Situazione dello studente non disponibile.</p>}
      <p className="text-sm text-slate-600">
        Scheda: <StudentLink id={student.id} name={fullName(student)} />
      </p>
    </div>
  );
}
