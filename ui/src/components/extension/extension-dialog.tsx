import { CalendarPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { addDays, formatItalianDate, laterDate } from "../../../../src/domain/dates";
import type { LoanView } from "../../../../src/modules/loans/model";
import { useClosedDays } from "../../api/impostazioni";
import { BOOKING_HORIZON_DAYS } from "../../api/inventario";
import { useExtendLoan, useRequestExtension } from "../../api/proroghe";
import { useServerToday } from "../../api/system";
import { BookingCalendar } from "../booking-calendar";
import { FormActions } from "../form-actions";
import { TextAreaField } from "../form-field";
import { Modal } from "../modal";
import { useToast } from "../toast";

const NO_TAKEN_DAYS: ReadonlySet<string> = new Set();

interface ExtensionDialogProps {
  loan: LoanView;
  /** `ask`: the student asks with a reason; `extend`: the desk extends at once. */
  mode: "ask" | "extend";
  onClose: () => void;
}

/**
 * A new due date picked on the Italian calendar, from the day after the current one (closed days greyed),
 * with the student's reason when they ask. The server checks the unit's next booking and answers, in
 * words, up to which day the extension can go.
 */
export function ExtensionDialog({ loan, mode, onClose }: ExtensionDialogProps) {
  const today = useServerToday();
  const firstDay = laterDate(addDays(loan.data_rientro, 1), today);
  const lastDay = addDays(today, BOOKING_HORIZON_DAYS);
  const closedDays = useClosedDays(firstDay, lastDay);
  const [newEnd, setNewEnd] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const ask = useRequestExtension();
  const extend = useExtendLoan();
  const write = mode === "ask" ? ask : extend;
  const showToast = useToast();
  const asking = mode === "ask";

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    const problem = !newEnd
      ? "Scegli la nuova data di rientro"
      : asking && !trimmed
        ? "Scrivi il motivo della proroga"
        : null;
    setMissing(problem);
    if (problem || !newEnd) return;
    const done = () => {
      showToast(
        asking
          ? `Proroga al ${formatItalianDate(newEnd)} chiesta: il banco ti risponderà`
          : `Prestito prorogato al ${formatItalianDate(newEnd)}`,
      );
      onClose();
    };
    if (asking) ask.mutate({ loanId: loan.id, al: newEnd, motivo: trimmed }, { onSuccess: done });
    else extend.mutate({ loanId: loan.id, al: newEnd }, { onSuccess: done });
  }

  const error = missing ?? write.error?.message ?? null;
  return (
    <Modal
      title={asking ? "Chiedi proroga" : "Proroga il prestito"}
      description={`${loan.oggetto_nome} · rientro previsto il ${formatItalianDate(loan.data_rientro)}`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <BookingCalendar
          label="Nuova data di rientro"
          firstDay={firstDay}
          lastDay={lastDay}
          takenDays={NO_TAKEN_DAYS}
          unavailableDays={closedDays}
          value={{ from: newEnd, to: newEnd }}
          onChange={(range) => setNewEnd(range.from)}
          singleDay
        />
        {asking && (
          <TextAreaField
            label="Motivo"
            rows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            placeholder="Es. le riprese sono state rimandate di due giorni"
          />
        )}
        <FormActions
          error={error}
          onCancel={onClose}
          submitLabel={asking ? "Chiedi proroga" : "Proroga"}
          icon={CalendarPlus}
          busy={write.isPending}
        />
      </form>
    </Modal>
  );
}
