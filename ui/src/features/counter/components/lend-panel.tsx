import { Handshake } from "lucide-react";
import { type FormEvent, useState } from "react";
import { proposedReturnDate } from "../../../../../src/domain/availability";
import { addDays } from "../../../../../src/domain/dates";
import { bookingDateProblem, DEFAULT_EXTERNAL_LOAN_DAYS, isInternalUse } from "../../../../../src/domain/loan-rules";
import { impliedUsage, type UsageType } from "../../../../../src/domain/loan-types";
import type { ScannedUnit } from "../../../../../src/modules/counter/model";
import { BOOKING_HORIZON_DAYS } from "../../../api/inventario";
import { useCreateLoan } from "../../../api/loans";
import { useServerToday } from "../../../api/system";
import { Alert } from "../../../components/alert";
import { BookingCalendar } from "../../../components/booking-calendar";
import { Button } from "../../../components/button";
import { type Choice, ChoiceGroup } from "../../../components/choice-group";
import { ApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/dates";
import { fullName, type User } from "../../../lib/user";
import { ChosenStudentState } from "./chosen-student-state";
import { LendStudentPicker } from "./lend-student-picker";

const USAGES: Choice<UsageType>[] = [
  { value: "esterno", label: "Prestito esterno" },
  { value: "interno", label: "Uso interno (in giornata)" },
];

/** The server checks the unit's own bookings when the loan is made; the calendar greys nothing out. */
const NO_DAYS: ReadonlySet<string> = new Set();

/**
 * Lending a free unit right at the counter: find the student by matricola, name or email, choose the
 * return date, and the unit leaves now (the loan starts today and is handed over in the same action).
 * The server applies the direct-loan rules (blocked, overdue, course, academy calendar) and says why not.
 */
export function LendPanel({
  unit,
  onLent,
  onCancel,
}: {
  unit: ScannedUnit;
  onLent: (outcome: string) => void;
  onCancel: () => void;
}) {
  const today = useServerToday();
  const [student, setStudent] = useState<User | null>(null);
  const [usage, setUsage] = useState<UsageType>("esterno");
  const [end, setEnd] = useState<string | null>(null);
  const [missingStudent, setMissingStudent] = useState(false);
  const createLoan = useCreateLoan();

  const chosenUsage = unit.tipo_prestito === "entrambi" ? usage : null;
  const internal = isInternalUse(unit.tipo_prestito, chosenUsage);
  // The usual week, brought forward to the day before the unit's next booking (the server's `rientro_proposto`).
  const returnDate = internal
    ? today
    : (end ?? proposedReturnDate(addDays(today, DEFAULT_EXTERNAL_LOAN_DAYS), unit.libera_fino_al));
  const dateProblem = bookingDateProblem({
    start: today,
    end: returnDate,
    today,
    loanType: unit.tipo_prestito,
    usage: chosenUsage,
    form: "loan",
  });

  function lend(event: FormEvent) {
    event.preventDefault();
    setMissingStudent(student === null);
    if (!student || dateProblem) return;
    const name = fullName(student);
    createLoan.mutate(
      {
        inventario_id: unit.inventario_id,
        utente_id: student.id,
        chi: name,
        data_uscita: today,
        data_rientro: returnDate,
        unita_ids: [unit.id],
        tipo_utilizzo: impliedUsage(unit.tipo_prestito, chosenUsage),
        note: "",
        consegna: true,
      },
      { onSuccess: () => onLent(`Prestata a ${name} fino al ${formatDate(returnDate)}`) },
    );
  }

  const serverProblem =
    createLoan.error &&
    (createLoan.error instanceof ApiError && createLoan.error.status > 0
      ? createLoan.error.message
      : "Errore nella creazione prestito");

  return (
    <form
      onSubmit={lend}
      noValidate
      aria-label={`Presta ${unit.codice_univoco}`}
      className="mt-3 space-y-3 border-t border-slate-100 pt-3"
    >
      <LendStudentPicker
        chosen={student}
        missing={missingStudent}
        onChoose={(next) => {
          setStudent(next);
          if (next) setMissingStudent(false);
          createLoan.reset();
        }}
      />
      {student && <ChosenStudentState student={student} />}
      {unit.tipo_prestito === "entrambi" && (
        <ChoiceGroup legend="Utilizzo" choices={USAGES} value={usage} onChange={setUsage} />
      )}
      {internal ? (
        <p className="text-sm text-slate-700">Uso interno: si restituisce oggi.</p>
      ) : (
        // The Italian calendar of every other booking screen, not the browser's date input (its format follows
        // the browser's language); it ends on the day before the unit's next booking.
        <fieldset className="min-w-0">
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Da restituire il</legend>
          <BookingCalendar
            label="Da restituire il"
            firstDay={today}
            lastDay={unit.libera_fino_al ?? addDays(today, BOOKING_HORIZON_DAYS)}
            takenDays={NO_DAYS}
            value={{ from: returnDate, to: returnDate }}
            onChange={(range) => setEnd(range.from)}
            singleDay
          />
          {unit.libera_fino_al && (
            <p className="mt-1 text-sm text-slate-600">
              Dal {formatDate(addDays(unit.libera_fino_al, 1))} l'unità è prenotata: la restituzione è proposta entro il{" "}
              {formatDate(unit.libera_fino_al)}.
            </p>
          )}
          {dateProblem && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {dateProblem}
            </p>
          )}
        </fieldset>
      )}
      {serverProblem && <Alert tone="error">{serverProblem}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          Annulla
        </Button>
        <Button type="submit" icon={Handshake} busy={createLoan.isPending}>
          Presta e consegna
        </Button>
      </div>
    </form>
  );
}
