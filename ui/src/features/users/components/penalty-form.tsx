import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextAreaField, TextField } from "../../../components/form-field";

/** The strikes one penalty may carry, as the server allows. */
const MAX_STRIKES = 10;
const STRIKES_PROBLEM = `Le penalità vanno da 1 a ${MAX_STRIKES}`;
const REASON_PROBLEM = "Indica il motivo della penalità";

export interface PenaltyDraft {
  strikes: number;
  motivo: string;
}

/**
 * Strikes and reason of a penalty given by hand, or of one being corrected; checked here with the
 * server's own messages before anything is sent.
 */
export function PenaltyForm({
  title,
  initial = { strikes: 1, motivo: "" },
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial?: PenaltyDraft;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: (draft: PenaltyDraft) => void;
  onCancel: () => void;
}) {
  const [strikes, setStrikes] = useState(String(initial.strikes));
  const [motivo, setMotivo] = useState(initial.motivo);
  const [tried, setTried] = useState(false);
  const count = Number(strikes);
  const strikesProblem = Number.isInteger(count) && count >= 1 && count <= MAX_STRIKES ? null : STRIKES_PROBLEM;
  const reasonProblem = motivo.trim() ? null : REASON_PROBLEM;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (strikesProblem || reasonProblem) return;
    onSubmit({ strikes: count, motivo: motivo.trim() });
  }

  return (
    <form
      aria-label={title}
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      <TextField
        label="Penalità (strike)"
        type="number"
        min={1}
        max={MAX_STRIKES}
        value={strikes}
        error={tried ? strikesProblem : null}
        onChange={(event) => setStrikes(event.target.value)}
      />
      <TextAreaField
        label="Motivo"
        hint="Per esempio: danno all'attrezzatura, uso improprio."
        maxLength={500}
        value={motivo}
        error={tried ? reasonProblem : null}
        onChange={(event) => setMotivo(event.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Annulla
        </Button>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
