import { Trash2 } from "lucide-react";
import { useState } from "react";
import { type InventoryItem, useInventorySearch } from "../../../api/inventario";
import { useDebouncedValue } from "../../../lib/use-debounced-value";

/** A kit line as the form edits it: the item's units are kept to offer a pinned one. */
export interface KitLineDraft {
  /** Tells two lines of one item apart while they are edited. */
  draftKey: number;
  inventario_id: number;
  nome: string;
  quantita: number;
  unit_id: number | null;
  unita: { id: number; codice_univoco: string }[];
}

let draftKeys = 0;
export const nextDraftKey = () => ++draftKeys;

const FIELD = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** The kit's lines: an item found by name, how many units, and optionally the one unit always lent. */
export function KitLinesEditor({
  lines,
  onChange,
}: {
  lines: KitLineDraft[];
  onChange: (lines: KitLineDraft[]) => void;
}) {
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), 250);
  const found = useInventorySearch({ search: term }, 8);
  const matches: InventoryItem[] = term ? (found.data?.elementi ?? []) : [];

  function add(item: InventoryItem) {
    const units = item.unita.map((unit) => ({ id: unit.id, codice_univoco: unit.codice_univoco }));
    onChange([
      ...lines,
      { draftKey: nextDraftKey(), inventario_id: item.id, nome: item.nome, quantita: 1, unit_id: null, unita: units },
    ]);
    setSearch("");
  }

  function change(index: number, patch: Partial<KitLineDraft>) {
    onChange(lines.map((line, at) => (at === index ? { ...line, ...patch } : line)));
  }

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Righe del kit</legend>
      <ul aria-label="Righe del kit" className="space-y-2">
        {lines.map((line, index) => (
          <li key={line.draftKey} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-2">
            {/* On a phone the name takes its own row, so the fields beside it never squeeze it a letter wide. */}
            <span className="min-w-0 basis-full text-sm font-medium break-words text-slate-900 sm:flex-1 sm:basis-0">
              {line.nome}
            </span>
            <input
              type="number"
              min={1}
              aria-label={`Quantità di ${line.nome}`}
              value={line.quantita}
              disabled={line.unit_id !== null}
              onChange={(event) => change(index, { quantita: Math.max(1, Number(event.target.value)) })}
              className={`w-16 ${FIELD}`}
            />
            <select
              aria-label={`Unità fissa di ${line.nome}`}
              value={line.unit_id ?? ""}
              onChange={(event) =>
                change(index, { unit_id: event.target.value ? Number(event.target.value) : null, quantita: 1 })
              }
              className={`min-w-0 flex-1 sm:flex-none ${FIELD}`}
            >
              <option value="">Qualsiasi unità libera</option>
              {line.unita.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.codice_univoco}
                </option>
              ))}
            </select>
            <button
              type="button"
              aria-label={`Rimuovi ${line.nome} dal kit`}
              onClick={() => onChange(lines.filter((_, at) => at !== index))}
              className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <input
        type="search"
        aria-label="Aggiungi un articolo al kit"
        placeholder="Cerca un articolo da aggiungere"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className={`w-full ${FIELD}`}
      />
      {matches.length > 0 && (
        <ul aria-label="Articoli trovati" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {matches.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => add(item)}
                className="w-full px-3 py-2 text-left text-sm hover:bg-slate-50"
              >
                {item.nome}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
