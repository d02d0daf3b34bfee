import { Search } from "lucide-react";

interface SearchFieldProps {
  id: string;
  /** What is searched, read by screen readers (the magnifier and the placeholder say it to the eye). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Width and placement of the field in its toolbar. */
  className?: string;
}

/** A list's search box: a magnifier, a placeholder that says what it finds, and a label for screen readers. */
export function SearchField({ id, label, placeholder, value, onChange, className = "" }: SearchFieldProps) {
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 py-2 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
      />
    </div>
  );
}
