import { PackageSearch } from "lucide-react";
import type { Dispatch, SetStateAction } from "react";
import {
  type InventoryItem,
  type InventoryUnit,
  type useInventoryPages,
  useSetUnitLost,
} from "../../../api/inventario";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { ShowMorePages } from "../../../components/show-more";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import type { ListView } from "../../../components/view-switch";
import { failureText } from "../../../lib/failure-text";
import type { useItemSelection } from "../hooks/use-item-selection";
import type { LabelledItems } from "../hooks/use-print-labels";
import { advancedFilterCount, type InventoryFilters, type ItemGroup, isFiltering } from "../utils/filters";
import { emptyListText, ItemList } from "./item-list";
import { ItemTable } from "./item-table";
import { SelectionBar } from "./selection-bar";

interface InventoryResultsProps {
  inventory: ReturnType<typeof useInventoryPages>;
  items: InventoryItem[];
  groups: ItemGroup[];
  matching: number;
  filters: InventoryFilters;
  onFilters: Dispatch<SetStateAction<InventoryFilters>>;
  categoryName: string | null;
  view: ListView;
  selection: ReturnType<typeof useItemSelection>;
  onPrintLabels: (items: LabelledItems) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  onShowQr: (item: InventoryItem) => void;
  onOpenLoan: (unit: InventoryUnit) => void;
}

/** The list itself: loading, failure or nothing found, else the selection bar, the table or the cards, and "Mostra altri". */
export function InventoryResults({ inventory, items, filters, selection, ...props }: InventoryResultsProps) {
  const setUnitLost = useSetUnitLost();
  const showToast = useToast();

  function toggleLost(item: InventoryItem, unit: InventoryUnit) {
    const lost = unit.stato !== "perso";
    setUnitLost.mutate(
      { itemId: item.id, unitId: unit.id, lost },
      {
        onSuccess: () =>
          showToast(
            lost ? `Unità ${unit.codice_univoco} segnata come persa` : `Unità ${unit.codice_univoco} ritrovata`,
          ),
        onError: (error) => showToast(failureText(error, "Errore nell'aggiornamento dell'unità"), "error"),
      },
    );
  }

  const itemActions = {
    onToggleSelected: selection.toggle,
    onEdit: props.onEdit,
    onDelete: props.onDelete,
    onShowQr: props.onShowQr,
    onPrintLabels: props.onPrintLabels,
  };

  return (
    <div className="p-3 sm:p-4">
      {inventory.isPending && <LoadingState label="Caricamento inventario..." />}
      {inventory.isError && (
        <LoadFailure onRetry={() => inventory.refetch()}>Errore nel caricamento inventario</LoadFailure>
      )}
      {inventory.isSuccess &&
        (items.length === 0 ? (
          <EmptyState
            icon={PackageSearch}
            title={isFiltering(filters) ? "Nessun articolo trovato" : "Nessun articolo nell'inventario"}
            text={emptyListText({
              search: filters.search,
              categoryName: props.categoryName,
              otherFilters: advancedFilterCount(filters) > 0,
            })}
          />
        ) : (
          <>
            <SelectionBar
              selectedOnPage={selection.selectedOnPage}
              itemsOnPage={items.length}
              selectedTotal={selection.items.length}
              onTogglePage={selection.togglePage}
              onPrint={() => props.onPrintLabels(selection.items)}
              onClear={selection.clear}
            />
            {props.view === "tabella" ? (
              <ItemTable
                items={items}
                selectedIds={selection.ids}
                sort={{ key: filters.sortBy, direction: filters.sortOrder }}
                onSort={(sort) =>
                  props.onFilters((current) => ({ ...current, sortBy: sort.key, sortOrder: sort.direction }))
                }
                {...itemActions}
              />
            ) : (
              <ItemList
                groups={props.groups}
                selectedIds={selection.ids}
                {...itemActions}
                onOpenLoan={props.onOpenLoan}
                onToggleLost={toggleLost}
                busyUnitId={setUnitLost.isPending ? (setUnitLost.variables?.unitId ?? null) : null}
              />
            )}
            <ShowMorePages pages={inventory} shown={items.length} total={props.matching} />
          </>
        ))}
    </div>
  );
}
