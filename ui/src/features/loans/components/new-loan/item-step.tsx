import { PackageSearch } from "lucide-react";
import { useState } from "react";
import { LOAN_TYPE_LABELS } from "../../../../../../src/domain/loan-types";
import { type ItemDetails, useInventory } from "../../../../api/inventario";
import { Alert } from "../../../../components/alert";
import { EmptyState } from "../../../../components/empty-state";
import { LoadingState } from "../../../../components/spinner";
import { availableOf } from "../../../../lib/plural";
import { ChoiceCard, StepSearch } from "./choice-card";

/** Step 1: an item that has at least one unit free today. */
export function ItemStep({
  selected,
  onSelect,
}: {
  selected: ItemDetails | null;
  onSelect: (item: ItemDetails) => void;
}) {
  const items = useInventory();
  const [search, setSearch] = useState("");
  const term = search.trim().toLowerCase();
  const available = (items.data ?? []).filter((item) => item.stato_effettivo === "disponibile");
  const shown = available.filter(
    (item) => !term || `${item.nome} ${item.categoria_nome ?? ""}`.toLowerCase().includes(term),
  );

  if (items.isPending) return <LoadingState label="Caricamento inventario..." />;
  if (items.isError) return <Alert tone="error">Errore nel caricamento inventario</Alert>;
  return (
    <div className="space-y-3">
      <StepSearch
        id="loan-item-search"
        label="Cerca oggetto"
        value={search}
        onChange={setSearch}
        placeholder="Cerca per nome o categoria"
      />
      {shown.length === 0 ? (
        <EmptyState
          icon={PackageSearch}
          title={available.length === 0 ? "Nessun oggetto disponibile" : "Nessun oggetto trovato"}
          text={available.length === 0 ? "Tutte le unità sono in prestito, in riparazione o perse." : undefined}
        />
      ) : (
        <fieldset className="min-w-0 max-h-80 space-y-2 overflow-y-auto pr-1">
          <legend className="sr-only">Oggetto da prestare</legend>
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
        </fieldset>
      )}
    </div>
  );
}
