import { ITEM_TEXT_LIMITS } from "../../../../../../src/domain/item-limits";
import { MAX_UNITS_PER_ITEM, unitCodeBase, unitCodeBaseIsCut } from "../../../../../../src/domain/unit-codes";
import { TextField } from "../../../../components/form-field";
import { QUANTITY_HINT } from "../../utils/item-form";
import type { StepProps } from "./step-props";

interface BasicStepProps extends StepProps {
  onNameChange: (name: string) => void;
  onQuantityChange: (typed: string) => void;
  /** The last value typed in the quantity was ignored: the hint says why. */
  quantityRefused: boolean;
}

/** Step 1: the name (which the unit codes are made from), how many units, where it is kept, who sold it. */
export function BasicStep({ form, onChange, onNameChange, onQuantityChange, quantityRefused }: BasicStepProps) {
  return (
    <div className="space-y-4">
      <TextField
        label="Nome"
        value={form.nome}
        onChange={(event) => onNameChange(event.target.value)}
        placeholder="Es. Fotocamera Canon EOS R6"
        hint={
          unitCodeBaseIsCut(form.nome)
            ? `Nome lungo: i codici delle unità ne useranno solo l'inizio (${unitCodeBase(form.nome).length} caratteri).`
            : undefined
        }
        maxLength={ITEM_TEXT_LIMITS.nome}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Quantità"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_UNITS_PER_ITEM}
          step={1}
          value={form.quantity}
          onChange={(event) => onQuantityChange(event.target.value)}
          hint={quantityRefused ? QUANTITY_HINT : "Una unità per ogni pezzo, ognuna con il suo codice."}
        />
        <TextField
          label="Posizione (scaffale)"
          optional
          value={form.posizione}
          onChange={(event) => onChange({ posizione: event.target.value })}
          placeholder="Es. Armadio A, ripiano 2"
          maxLength={ITEM_TEXT_LIMITS.posizione}
        />
        <TextField
          label="Fornitore"
          optional
          value={form.fornitore}
          onChange={(event) => onChange({ fornitore: event.target.value })}
          maxLength={ITEM_TEXT_LIMITS.fornitore}
        />
        <TextField
          label="Marca"
          optional
          value={form.marca}
          onChange={(event) => onChange({ marca: event.target.value })}
          placeholder="Es. Zoom"
          maxLength={ITEM_TEXT_LIMITS.marca}
        />
        <TextField
          label="Modello"
          optional
          value={form.modello}
          onChange={(event) => onChange({ modello: event.target.value })}
          placeholder="Es. H5"
          maxLength={ITEM_TEXT_LIMITS.modello}
        />
        <TextField
          label="Numero di serie"
          optional
          value={form.seriale}
          onChange={(event) => onChange({ seriale: event.target.value })}
          maxLength={ITEM_TEXT_LIMITS.seriale}
        />
      </div>
    </div>
  );
}
