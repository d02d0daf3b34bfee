import { PackageSearch } from "lucide-react";
import { useState } from "react";
import { LOAN_TYPE_LABELS } from "../../../../../../src/domain/loan-types";
import { type ItemDetails, useInventorySearch } from "../../../../api/inventario";
import { Alert } from "../../../../components/alert";
import { EmptyState } from "../../../../components/empty-state";
import { LoadingState } from "../../../../components/spinner";
import { availableOf } from "../../../../lib/plural";
import { useDebouncedValue } from "../../../../lib/use-debounced-value";
import { ChoiceCard, StepSearch } from "./choice-card";

/** Items the step lists at once: the desk searches among the rest on the server. */
const PICKER_SIZE = 50;
const SEARCH_DELAY_MS = 250;

/** Step 1: an item that has at least one unit free today. */
export function ItemStep({
  selected,
  onSelect,
}: {
  selected: ItemDetails | null;
  onSelect: (item: ItemDetails) => void;
}) {
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const items = useInventorySearch({ search: term || undefined, stato: "disponibile" }, PICKER_SIZE);
  const shown = items.data?.elementi ?? [];
  const matching = items.data?.totale ?? 0;

  if (items.isPending) return <LoadingState label="Caricamento inventario..." />;
  if (items.isError) return <Alert tone="error">Errore nel caricamento inventario</Alert>;
  return (
    <div className="space-y-3">
      <StepSearch
        id="loan-item-search"
        label="Cerca articolo"
        value={search}
        onChange={setSearch}
        placeholder="Cerca per nome, numero di serie o codice"
      />
      {shown.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={term ? "Nessun articolo trovato" : "Nessun articolo disponibile"}
          text={term ? undefined : "Tutte le unità sono in prestito, in riparazione o perse."}
        />
      ) : (
        <fieldset className="min-w-0 max-h-80 space-y-2 overflow-y-auto pr-1">
          <legend className="sr-only">Articolo da prestare</legend>
          {shown.map((item) => (
            <ChoiceCard
              key={item.id}
              type="radio"
              name="loan-item"
              checked={selected?.id === item.id}
              onChange={() => onSelect(item)}
              label={item.nome}
              details={[
                availableOf(item.unita_disponibili, item.quantita_totale),
                LOAN_TYPE_LABELS[item.tipo_prestito],
                item.categoria_nome,
              ]
                .filter(Boolean)
                .join(" · ")}
            />
          ))}
          {matching > shown.length && (
            <p className="px-1 text-xs text-slate-500">
              {shown.length} di {matching} mostrati: cerca per trovare gli altri.
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
