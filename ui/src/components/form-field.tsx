import { Eye, EyeOff } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from "react";

const CONTROL =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20 disabled:bg-slate-100 disabled:text-slate-500";

/** A control in a dense row (one line of a list of units): smaller, and allowed to shrink with its column. */
const COMPACT_CONTROL =
  "block w-full min-w-0 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20";

interface FieldFrameProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  /** What is wrong with the value: the control is marked invalid and the message is tied to it. */
  error?: string | null;
  /**
   * In a dense row whose neighbours say what each column is: the label and the hint are for screen
   * readers only (the control still has its name and its description); an error still shows.
   */
  compact?: boolean;
  children: ReactNode;
}

/** The attributes that tie a control to its hint and its error. */
function describedBy(id: string, hint?: string, error?: string | null) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return { "aria-describedby": ids || undefined, "aria-invalid": error ? true : undefined };
}

/** A field's label, "(opzionale)" after it when the field may stay empty; for controls the fields below do not cover. */
export function FieldLabel({
  htmlFor,
  optional,
  className = "mb-1.5 block text-sm font-medium text-slate-700",
  children,
}: {
  htmlFor: string;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={className}>
      {children}
      {optional && <span className="font-normal text-slate-500"> (opzionale)</span>}
    </label>
  );
}

function FieldFrame({ id, label, optional, hint, error, compact, children }: FieldFrameProps) {
  return (
    <div className={compact ? "min-w-0" : undefined}>
      <FieldLabel htmlFor={id} optional={optional} className={compact ? "sr-only" : undefined}>
        {label}
      </FieldLabel>
      {children}
      {hint && (
        <p id={`${id}-hint`} className={compact ? "sr-only" : "mt-1.5 text-xs text-slate-500"}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`${compact ? "mt-1" : "mt-1.5"} text-xs font-medium text-red-700`}>
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string | null;
  compact?: boolean;
}

export function TextField({ label, optional, hint, error, compact, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame id={inputId} label={label} optional={optional} hint={hint} error={error} compact={compact}>
      <input
        id={inputId}
        className={compact ? COMPACT_CONTROL : CONTROL}
        required={!optional}
        {...describedBy(inputId, hint, error)}
        {...inputProps}
      />
    </FieldFrame>
  );
}

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({ label, optional, hint, error, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={inputId} label={label} optional={optional} hint={hint} error={error}>
      <div className="relative">
        <input
          id={inputId}
          type={visible ? "text" : "password"}
          className={`${CONTROL} pr-11`}
          required={!optional}
          {...describedBy(inputId, hint, error)}
          {...inputProps}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? "Nascondi password" : "Mostra password"}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string | null;
}

export function SelectField({ label, optional, hint, error, id, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame id={selectId} label={label} optional={optional} hint={hint} error={error}>
      <select
        id={selectId}
        className={CONTROL}
        required={!optional}
        {...describedBy(selectId, hint, error)}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string | null;
}

export function TextAreaField({ label, optional, hint, error, id, rows = 3, ...textAreaProps }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <FieldFrame id={fieldId} label={label} optional={optional} hint={hint} error={error}>
      <textarea
        id={fieldId}
        rows={rows}
        className={`${CONTROL} resize-y`}
        required={!optional}
        {...describedBy(fieldId, hint, error)}
        {...textAreaProps}
      />
    </FieldFrame>
  );
}
