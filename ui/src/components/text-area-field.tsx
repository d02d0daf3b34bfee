import { type TextareaHTMLAttributes, useId } from "react";

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  optional?: boolean;
  hint?: string;
}

/** A multi-line text field, labelled like the fields of form-field.tsx. */
export function TextAreaField({ label, optional, hint, id, rows = 3, ...props }: TextAreaFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {optional && <span className="font-normal text-slate-500"> (opzionale)</span>}
      </label>
      <textarea
        id={fieldId}
        rows={rows}
        required={!optional}
        aria-describedby={hint ? `${fieldId}-hint` : undefined}
        className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none disabled:bg-slate-100 disabled:text-slate-500"
        {...props}
      />
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
