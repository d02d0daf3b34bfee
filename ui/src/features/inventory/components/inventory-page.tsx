import { Plus, Tags } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useCategories } from "../../../api/categorie";
import { fetchInventory, useInventoryPages, useInventorySummary } from "../../../api/inventario";
import { Button } from "../../../components/button";
import { PageHeader } from "../../../components/page-header";
import type { ListView } from "../../../components/view-switch";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useMediaQuery } from "../../../lib/use-media-query";
import { useItemSelection } from "../hooks/use-item-selection";
import { type LabelledItems, usePrintLabels } from "../hooks/use-print-labels";
import {
  groupByName,
  type InventoryFilters,
  inventoryQuery,
  isFiltering,
  LOW_STOCK,
  NO_FILTERS,
} from "../utils/filters";
import { type InventoryDialog, InventoryDialogs } from "./inventory-dialogs";
import { InventoryResults } from "./inventory-results";
import { FilterResultsBar, InventoryToolbar } from "./inventory-toolbar";
import { SpreadsheetMenu, type TransferStatus } from "./spreadsheet-menu";
import { SummaryCards } from "./summary-cards";
import { TransferStatusPanel } from "./transfer-status-panel";

/** Typing asks the server once it pauses, not once per key. */
const SEARCH_DELAY_MS = 250;

/**
 * Inventory management: totals, the filtered list grouped by name, and the item wizard, category,
 * QR and spreadsheet tools. The list pages, filters and sorts on the server; the totals come from its
 * summary. `?nuovo=1` (the dashboard's quick action) opens the wizard. A QR label's link,
 * `/inventario/:id`, is the item's own page (features/item-page), not this list.
 */
export function InventoryPage() {
  const categories = useCategories();
  const printLabels = usePrintLabels();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const [dialog, setDialog] = useState<InventoryDialog | null>(null);
  const [transfer, setTransfer] = useState<TransferStatus | null>(null);
  // A wide screen may show a table; phones always get the cards.
  const wide = useMediaQuery("(min-width: 1024px)");
  const view: ListView = wide && searchParams.get("vista") === "tabella" ? "tabella" : "schede";

  function chooseView(next: ListView) {
    setSearchParams(
      (current) => {
        if (next === "tabella") current.set("vista", "tabella");
        else current.delete("vista");
        return current;
      },
      { replace: true },
    );
  }

  const search = useDebouncedValue(filters.search, SEARCH_DELAY_MS);
  const query = inventoryQuery({ ...filters, search });
  const inventory = useInventoryPages(query);
  const summary = useInventorySummary();
  const items = useMemo(() => inventory.data?.pages.flatMap((page) => page.elementi) ?? [], [inventory.data]);
  const matching = inventory.data?.pages.at(-1)?.totale ?? 0;
  const groups = useMemo(() => groupByName(items), [items]);
  const selection = useItemSelection(items);
  const categoryList = categories.data ?? [];
  const categoryName = categoryList.find((category) => String(category.id) === filters.category)?.nome ?? null;

  useEffect(() => {
    if (searchParams.get("nuovo") !== "1") return;
    setDialog({ kind: "create" });
    setSearchParams(
      (current) => {
        current.delete("nuovo");
        return current;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  /** Every item the filters find: the loaded pages when they hold them all, else the whole list from the server. */
  function everyMatchingItem(): LabelledItems {
    return items.length >= matching ? items : () => fetchInventory(query);
  }

  return (
    <>
      <PageHeader
        title="Inventario"
        description="Articoli, unità, categorie e codici QR."
        actions={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button icon={Plus} onClick={() => setDialog({ kind: "create" })}>
              Nuovo Articolo
            </Button>
            <Button variant="secondary" icon={Tags} onClick={() => setDialog({ kind: "categories" })}>
              Gestisci Categorie
            </Button>
            <SpreadsheetMenu onStatus={setTransfer} />
          </div>
        }
      />

      {transfer && (
        <div className="mb-6">
          <TransferStatusPanel status={transfer} onDismiss={() => setTransfer(null)} />
        </div>
      )}

      {summary.isSuccess && (
        <SummaryCards
          summary={summary.data}
          lowStockShown={filters.status === LOW_STOCK}
          onToggleLowStock={() =>
            setFilters((current) => ({ ...current, status: filters.status === LOW_STOCK ? "" : LOW_STOCK }))
          }
        />
      )}

      <section aria-labelledby="inventory-list-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <h2 id="inventory-list-title" className="sr-only">
          Elenco inventario
        </h2>
        <InventoryToolbar
          filters={filters}
          onChange={setFilters}
          categories={categoryList}
          categoriesFailed={categories.isError}
          view={wide ? view : null}
          onView={chooseView}
        />

        {isFiltering(filters) && inventory.isSuccess && (
          <FilterResultsBar
            matching={matching}
            categoryName={categoryName}
            onPrintLabels={() => printLabels(everyMatchingItem())}
            onClear={() =>
              setFilters((current) => ({ ...NO_FILTERS, sortBy: current.sortBy, sortOrder: current.sortOrder }))
            }
          />
        )}

        <InventoryResults
          inventory={inventory}
          items={items}
          groups={groups}
          matching={matching}
          filters={filters}
          onFilters={setFilters}
          categoryName={categoryName}
          view={view}
          selection={selection}
          onPrintLabels={printLabels}
          onEdit={(item) => setDialog({ kind: "edit", item })}
          onDelete={(item) => setDialog({ kind: "delete", item })}
          onShowQr={(item) => setDialog({ kind: "qr", item })}
          onOpenLoan={(unit) => setDialog({ kind: "loan", unit })}
        />
      </section>

      <InventoryDialogs dialog={dialog} onChange={setDialog} onDeleted={selection.unselect} />
    </>
  );
}
