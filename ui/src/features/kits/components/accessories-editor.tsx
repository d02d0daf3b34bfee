import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../../components/button";

export interface AccessoryDraft {
  nome: string;
  quantita: number;
}

const FIELD = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";

/** The kit's accessories: not tracked as units, ticked at the hand-over and at the return. */
export function AccessoriesEditor({
  accessories,
  onChange,
}: {
  accessories: AccessoryDraft[];
  onChange: (accessories: AccessoryDraft[]) => void;
}) {
  const change = (index: number, patch: Partial<AccessoryDraft>) =>
    onChange(accessories.map((accessory, at) => (at === index ? { ...accessory, ...patch } : accessory)));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Accessori</legend>
      <ul className="space-y-2">
        {accessories.map((accessory, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows being typed have no identity but their place
          <li key={index} className="flex items-center gap-2">
            <input
              aria-label={`Nome dell'accessorio ${index + 1}`}
              value={accessory.nome}
              placeholder="Es. Batteria"
              onChange={(event) => change(index, { nome: event.target.value })}
              className={`min-w-0 flex-1 ${FIELD}`}
            />
            <input
              type="number"
              min={1}
              aria-label={`Quantità dell'accessorio ${index + 1}`}
              value={accessory.quantita}
              onChange={(event) => change(index, { quantita: Math.max(1, Number(event.target.value)) })}
              className={`w-16 ${FIELD}`}
            />
            <button
              type="button"
              aria-label={`Rimuovi l'accessorio ${index + 1}`}
              onClick={() => onChange(accessories.filter((_, at) => at !== index))}
              className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        icon={Plus}
        onClick={() => onChange([...accessories, { nome: "", quantita: 1 }])}
        className="py-1.5"
      >
        Aggiungi accessorio
      </Button>
    </fieldset>
  );
}
