import { useRef, useState } from "react";
import { formatItalianDate, isIsoDate, parseItalianDate } from "../../../src/domain/dates";
import { TextField } from "./form-field";

export const INVALID_DATE_MESSAGE = "Data non valida: usa GG/MM/AAAA";

/**
 * A calendar date shown and typed as Italians write it (GG/MM/AAAA) whatever the browser's language,
 * while callers keep an ISO `YYYY-MM-DD` value (or "" when empty), like the native date input it replaces.
 * Only a complete real day, or an empty field, reaches `onChange`; a form that must not go on while the
 * typed text is no date hears of it through `onValidityChange`.
 */
export function DateField({
  label,
  value,
  onChange,
  onValidityChange,
  optional,
  hint,
  compact,
}: {
  label: string;
  value: string;
  onChange: (isoDate: string) => void;
  /** Told when the typed text becomes an invalid date (false) or a valid one or nothing again (true). */
  onValidityChange?: (valid: boolean) => void;
  optional?: boolean;
  hint?: string;
  /** For a dense row: see the `compact` form field. */
  compact?: boolean;
}) {
  const [text, setText] = useState(isIsoDate(value) ? formatItalianDate(value) : "");
  const [invalid, setInvalid] = useState(false);

  const [shownValue, setShownValue] = useState(value);
  // The caller may change the value (a reset, a period answered by the server): show it, during render
  // rather than in an effect so the field never paints the stale text.
  if (value !== shownValue) {
    setShownValue(value);
    setText(isIsoDate(value) ? formatItalianDate(value) : "");
    setInvalid(false);
  }

  // What the caller was last told, apart from the error shown: a half-typed date hides the error while
  // the text is still no date.
  const toldValid = useRef(true);
  function markInvalid(nowInvalid: boolean) {
    setInvalid(nowInvalid);
    if (toldValid.current === nowInvalid) {
      toldValid.current = !nowInvalid;
      onValidityChange?.(!nowInvalid);
    }
  }

  function commit(typed: string) {
    if (typed.trim() === "") {
      markInvalid(false);
      if (value !== "") onChange("");
      return;
    }
    const iso = parseItalianDate(typed);
    markInvalid(iso === null);
    if (iso !== null && iso !== value) onChange(iso);
  }

  return (
    <TextField
      label={label}
      optional={optional}
      hint={hint ?? "GG/MM/AAAA"}
      compact={compact}
      error={invalid ? INVALID_DATE_MESSAGE : null}
      inputMode="numeric"
      autoComplete="off"
      placeholder="GG/MM/AAAA"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        // A complete date commits at once; a partial one waits for the field to be left.
        if (event.target.value.trim() === "" || /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(event.target.value.trim())) {
          commit(event.target.value);
        } else setInvalid(false);
      }}
      onBlur={(event) => commit(event.target.value)}
    />
  );
}
