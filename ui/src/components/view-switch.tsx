import { LayoutGrid, Table2 } from "lucide-react";

export type ListView = "schede" | "tabella";

/** Cards or a table: the desk's choice on a wide screen (phones always get the cards). */
export function ViewSwitch({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const options = [
    { value: "schede", label: "Schede", icon: LayoutGrid },
    { value: "tabella", label: "Tabella", icon: Table2 },
  ] as const;
  return (
    <fieldset className="flex shrink-0 items-center gap-1 rounded-lg bg-slate-100 p-1 whitespace-nowrap">
      <legend className="sr-only">Vista</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={`relative flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 ${
            view === option.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
          }`}
        >
          <input
            type="radio"
            name="list-view"
            value={option.value}
            checked={view === option.value}
            onChange={() => onChange(option.value)}
            className="sr-only"
          />
          <option.icon className="size-4" aria-hidden="true" />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
