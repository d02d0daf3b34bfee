import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useStudentSearch } from "../../../api/users";
import { Alert } from "../../../components/alert";
import { RadioCard } from "../../../components/radio-card";
import { countWith } from "../../../lib/plural";
import { fullName, type User } from "../../../lib/user";

/** What the student's row says beside the name: how to tell two namesakes apart, and trouble ahead. */
function studentDetails(student: User): string {
  return [
    student.matricola && `Matricola ${student.matricola}`,
    student.email,
    student.corso_accademico,
    student.is_blocked
      ? "bloccato"
      : student.penalty_strikes > 0 && countWith(student.penalty_strikes, "penalità", "penalità"),
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * Who a unit lent at the counter goes to: a search by matricola, name or email, focused as the panel
 * opens, and the students found to choose from. A new search clears the choice.
 */
export function LendStudentPicker({
  chosen,
  missing,
  onChoose,
}: {
  chosen: User | null;
  missing: boolean;
  onChoose: (student: User | null) => void;
}) {
  const [term, setTerm] = useState("");
  const students = useStudentSearch(term);
  const searchField = useRef<HTMLInputElement>(null);
  const id = useId();

  // The desk scanned a free unit to lend it: the next thing typed is who takes it.
  useEffect(() => searchField.current?.focus(), []);

  const found = students.data?.elementi ?? [];
  const searching = term.trim().length >= 2;
  return (
    <>
      <div>
        <label htmlFor={`${id}-search`} className="mb-1.5 block text-sm font-medium text-slate-700">
          Studente (matricola, nome o email)
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id={`${id}-search`}
            ref={searchField}
            type="search"
            autoComplete="off"
            value={term}
            onChange={(event) => {
              // A new search is a new choice: a student no longer listed must not stay chosen unseen.
              setTerm(event.target.value);
              onChoose(null);
            }}
            aria-describedby={missing ? `${id}-missing` : undefined}
            aria-invalid={missing || undefined}
            className="block w-full rounded-lg border border-slate-300 py-2.5 pr-3 pl-9 text-base focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          />
        </div>
        {missing && (
          <p id={`${id}-missing`} className="mt-1 text-sm text-red-700">
            Scegli lo studente a cui prestare l'unità
          </p>
        )}
      </div>
      {searching && students.isError && <Alert tone="error">Errore nel caricamento utenti</Alert>}
      {searching && students.isSuccess && found.length === 0 && (
        <p className="text-sm text-slate-600">Nessuno studente trovato.</p>
      )}
      {searching && found.length > 0 && (
        <fieldset className="min-w-0 space-y-2">
          <legend className="sr-only">Studente che riceve il prestito</legend>
          {found.map((candidate) => (
            <RadioCard
              key={candidate.id}
              name={`${id}-student`}
              checked={chosen?.id === candidate.id}
              onSelect={() => onChoose(candidate)}
              align="start"
            >
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900">{fullName(candidate)}</span>
                <span className="block text-xs break-words text-slate-600">{studentDetails(candidate)}</span>
              </span>
            </RadioCard>
          ))}
        </fieldset>
      )}
    </>
  );
}
