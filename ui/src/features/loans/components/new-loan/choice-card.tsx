import { type ReactNode, useId } from "react";

interface ChoiceCardProps {
  type: "radio" | "checkbox";
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: ReactNode;
  details?: ReactNode;
  /** Shown on the right (a badge). */
  aside?: ReactNode;
}

/** A selectable card: a real radio or checkbox, named by its label and described by its details. */
export function ChoiceCard({ type, name, checked, disabled, onChange, label, details, aside }: ChoiceCardProps) {
  const id = useId();
  return (
    <label
      className={`flex items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
        disabled
          ? "cursor-not-allowed border-slate-200 bg-slate-100"
          : checked
            ? "cursor-pointer border-indigo-500 bg-indigo-50"
            : "cursor-pointer border-slate-200 hover:bg-slate-50"
      }`}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={details ? `${id}-details` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-indigo-600"
      />
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-900">
          {label}
        </span>
        {details && (
          <span id={`${id}-details`} className="mt-0.5 block text-xs text-slate-600">
            {details}
          </span>
        )}
      </span>
      {aside}
    </label>
  );
}

export function StepSearch({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
      />
    </div>
  );
}
