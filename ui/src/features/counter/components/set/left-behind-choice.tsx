import type { SetLine } from "../../../../api/prenotazioni";

/** A line not ticked at the hand-over: it stays "da ritirare", or is cancelled with a reason. */
export interface LeftBehind {
  cancel: boolean;
  reason: string;
}

interface LeftBehindChoiceProps {
  line: SetLine;
  value: LeftBehind;
  onChange: (value: LeftBehind) => void;
  missing: boolean;
}

export function LeftBehindChoice({ line, value, onChange, missing }: LeftBehindChoiceProps) {
  return (
    <div className="space-y-2 pl-7 text-sm">
      <label className="flex items-center gap-2 text-slate-700">
        <input
          type="checkbox"
          checked={value.cancel}
          onChange={(event) => onChange({ ...value, cancel: event.target.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Annulla questa riga (altrimenti resta da ritirare)
      </label>
      {value.cancel && (
        <input
          type="text"
          aria-label={`Motivo dell'annullamento di ${line.codice_univoco}`}
          aria-invalid={missing && !value.reason.trim()}
          placeholder="Motivo dell'annullamento"
          value={value.reason}
          onChange={(event) => onChange({ ...value, reason: event.target.value })}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      )}
    </div>
  );
}
