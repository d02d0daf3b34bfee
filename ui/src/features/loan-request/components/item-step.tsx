import { ChevronRight, PackageX } from "lucide-react";
import { useState } from "react";
import { formatItalianDate } from "../../../../../src/domain/dates";
import { DESK_OFFICE } from "../../../../../src/domain/loan-rules";
import type { CatalogueItem } from "../../../api/inventario";
import { useItemAvailability, useRequestableItems } from "../../../api/inventario";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { SearchField } from "../../../components/search-field";
import { LoadingState } from "../../../components/spinner";
import { Badge } from "../../../components/status-badge";
import { firstFreeDay } from "../../../lib/item-availability";

interface ItemStepProps {
  /** The student's academic course, to say whose items are missing when there are none. */
  course: string | null;
  today: string;
  selectedId: number | null;
  onSelect: (item: CatalogueItem) => void;
}

function noItemsText(course: string | null): string {
  return course
    ? `Al momento non ci sono articoli disponibili assegnati al corso ${course}.`
    : `Il tuo profilo non ha un corso accademico: rivolgiti all'${DESK_OFFICE}.`;
}

/** When an item with every unit out or booked today is next free, from its calendar. */
function AvailableFrom({ itemId, today }: { itemId: number; today: string }) {
  const availability = useItemAvailability(itemId, today);
  const day = availability.data ? firstFreeDay(availability.data) : null;
  if (availability.isPending) return <Badge tone="gray">Verifica date…</Badge>;
  return day ? (
    <Badge tone="blue">disponibile dal {formatItalianDate(day)}</Badge>
  ) : (
    <Badge tone="gray">Nessuna data libera nei prossimi 12 mesi</Badge>
  );
}

/**
 * Step 1: the items of the student's course that can be booked for some dates — free today, or all
 * out or booked today but free later ("disponibile dal …").
 */
export function ItemStep({ course, today, selectedId, onSelect }: ItemStepProps) {
  const items = useRequestableItems();
  const [search, setSearch] = useState("");

  if (items.isPending) return <LoadingState label="Caricamento articoli..." />;
  if (items.isError) return <LoadFailure onRetry={() => items.refetch()}>Errore nel caricamento articoli</LoadFailure>;

  const requestable = items.data.filter(
    (item) => item.stato_effettivo === "disponibile" || item.stato_effettivo === "in_prestito",
  );
  if (requestable.length === 0)
    return (
      <EmptyState icon={PackageX} title="Nessun articolo disponibile per il tuo corso" text={noItemsText(course)} />
    );

  const term = search.trim().toLowerCase();
  const shown = requestable.filter((item) => `${item.nome} ${item.categoria_nome ?? ""}`.toLowerCase().includes(term));
  return (
    <div className="space-y-4">
      <SearchField
        id="request-item-search"
        label="Cerca articolo"
        placeholder="Cerca per nome o categoria"
        value={search}
        onChange={setSearch}
      />
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">Nessun articolo corrisponde alla ricerca.</p>
      ) : (
        <ul aria-label="Articoli richiedibili" className="grid gap-2 sm:grid-cols-2">
          {shown.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onSelect(item)}
                aria-pressed={item.id === selectedId}
                className={`flex h-full w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  item.id === selectedId ? "border-indigo-500 bg-indigo-50/60" : "border-slate-200"
                }`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words text-slate-900">{item.nome}</span>
                  <span className="mt-0.5 block text-xs text-slate-500">
                    {item.categoria_nome ?? "Senza categoria"}
                  </span>
                  <span className="mt-2 flex flex-wrap gap-1.5">
                    {item.unita_disponibili > 0 ? (
                      <Badge tone="green">
                        {item.unita_disponibili} {item.unita_disponibili === 1 ? "disponibile" : "disponibili"}
                      </Badge>
                    ) : (
                      <AvailableFrom itemId={item.id} today={today} />
                    )}
                    {item.tipo_prestito === "solo_interno" && <Badge tone="indigo">Solo uso interno</Badge>}
                  </span>
                  {item.tipo_prestito === "solo_interno" && (
                    <span className="mt-1.5 block text-xs text-slate-500">
                      Si usa in giornata, all'interno dell'accademia.
                    </span>
                  )}
                </span>
                <ChevronRight className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
