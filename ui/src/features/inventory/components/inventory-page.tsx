import { PackageSearch, Plus, Printer, RefreshCw, SlidersHorizontal, Tags, X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useCategories } from "../../../api/categorie";
import {
  fetchInventory,
  type InventoryItem,
  type InventoryUnit,
  useDeleteItem,
  useInventoryPages,
  useInventorySummary,
  useSetUnitLost,
} from "../../../api/inventario";
import { downloadLabels } from "../../../api/labels";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { NoticeDialog } from "../../../components/notice-dialog";
import { PageHeader } from "../../../components/page-header";
import { SearchField } from "../../../components/search-field";
import { ShowMore } from "../../../components/show-more";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { type ListView, ViewSwitch } from "../../../components/view-switch";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useMediaQuery } from "../../../lib/use-media-query";
import { failureText } from "../utils/failure-text";
import {
  groupByName,
  type InventoryFilters,
  inventoryQuery,
  isFiltering,
  LOW_STOCK,
  NO_FILTERS,
} from "../utils/filters";
import { AdvancedFilters } from "./advanced-filters";
import { CategoryModal } from "./category-modal";
import { InlineCategoryForm } from "./inline-category-form";
import { emptyListText, ItemList } from "./item-list";
import { ItemTable } from "./item-table";
import { ItemWizard } from "./item-wizard";
import { LoanDetailsModal } from "./loan-details-modal";
import { QrCodeDialog } from "./qr-code-dialog";
import { SelectionBar } from "./selection-bar";
import { SpreadsheetMenu, type TransferStatus, TransferStatusPanel } from "./spreadsheet-menu";
import { SummaryCards } from "./summary-cards";

/** The dialog open over the inventory, if any. */
type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; item: InventoryItem }
  | { kind: "delete"; item: InventoryItem }
  | { kind: "delete-failed"; message: string }
  | { kind: "qr"; item: InventoryItem }
  | { kind: "categories" }
  | { kind: "loan"; unit: InventoryUnit };

const byName = new Intl.Collator("it", { sensitivity: "base", numeric: true });

/** Typing asks the server once it pauses, not once per key. */
const SEARCH_DELAY_MS = 250;

/** How many advanced filters (beyond search and category) narrow the list. */
function advancedCount(filters: InventoryFilters): number {
  return [filters.course, filters.status, filters.dateFrom, filters.dateTo].filter(Boolean).length;
}

/**
 * Inventory management: totals, the filtered list grouped by name, and the item wizard, category,
 * QR and spreadsheet tools. The list pages, filters and sorts on the server; the totals come from its
 * summary. `?nuovo=1` (the dashboard's quick action) opens the wizard. A QR label's link,
 * `/inventario/:id`, is the item's own page (features/item-page), not this list.
 */
export function InventoryPage() {
  const categories = useCategories();
  const deleteItem = useDeleteItem();
  const setUnitLost = useSetUnitLost();
  const showToast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<InventoryFilters>(NO_FILTERS);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [transfer, setTransfer] = useState<TransferStatus | null>(null);
  // The ticked items as they were when ticked: a selection survives a new search or filter.
  const [selected, setSelected] = useState<ReadonlyMap<number, InventoryItem>>(new Map());
  const advancedId = useId();
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
  const categoryList = categories.data ?? [];
  const categoryName = categoryList.find((category) => String(category.id) === filters.category)?.nome ?? null;
  const filtering = isFiltering(filters);
  const selectedIds: ReadonlySet<number> = new Set(selected.keys());
  const selectedOnPage = items.filter((item) => selected.has(item.id)).length;
  // A ticked item shown again counts as the server shows it now (its units may have changed); labels
  // come out in name order, whatever order the items were ticked in.
  const selectedItems = [...selected.values()]
    .map((item) => items.find((shown) => shown.id === item.id) ?? item)
    .sort((a, b) => byName.compare(a.nome, b.nome));

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

  function setFilter<K extends keyof InventoryFilters>(key: K, value: InventoryFilters[K]) {
    setFilters((current) => ({ ...current, [key]: value }));
  }

  function clearFilters() {
    setFilters((current) => ({ ...NO_FILTERS, sortBy: current.sortBy, sortOrder: current.sortOrder }));
  }

  function toggleSelected(item: InventoryItem) {
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(item.id)) next.set(item.id, item);
      return next;
    });
  }

  /** Ticks every item shown, or unticks them all when they all are. */
  function togglePageSelected() {
    const tick = selectedOnPage < items.length;
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (tick) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  }

  function unselect(item: InventoryItem) {
    setSelected((current) => {
      const next = new Map(current);
      next.delete(item.id);
      return next;
    });
  }

  function confirmDelete(item: InventoryItem) {
    deleteItem.mutate(item.id, {
      onSuccess: () => {
        showToast(`"${item.nome}" eliminato dall'inventario`);
        unselect(item);
        setDialog(null);
      },
      onError: (error) => setDialog({ kind: "delete-failed", message: failureText(error, "Errore nell'eliminazione") }),
    });
  }

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

  /** Labels for every unit of `chosen` (one item, the selection or all the filter finds), as a PDF to print. */
  async function printLabels(chosen: InventoryItem[] | (() => Promise<InventoryItem[]>)) {
    try {
      const unitIds = (typeof chosen === "function" ? await chosen() : chosen).flatMap((item) =>
        item.unita.map((unit) => unit.id),
      );
      if (unitIds.length === 0) return showToast("Nessuna unità a cui stampare l'etichetta", "error");
      await downloadLabels(unitIds);
      showToast(`Etichette pronte: ${unitIds.length} unità`);
    } catch (error) {
      showToast(failureText(error as Error, "Etichette non disponibili"), "error");
    }
  }

  /** Every item the filters find: the loaded pages when they hold them all, else the whole list from the server. */
  function everyMatchingItem(): InventoryItem[] | (() => Promise<InventoryItem[]>) {
    return items.length >= matching ? items : () => fetchInventory(query);
  }

  const resultCount = `${matching} ${matching === 1 ? "risultato trovato" : "risultati trovati"}${
    categoryName ? ` nella categoria "${categoryName}"` : ""
  }`;
  const activeAdvanced = advancedCount(filters);

  return (
    <>
      <PageHeader
        title="Inventario"
        description="Articoli, unità, categorie e codici QR."
        actions={
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button icon={Plus} onClick={() => setDialog({ kind: "create" })}>
              Nuovo Elemento
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
          onToggleLowStock={() => setFilter("status", filters.status === LOW_STOCK ? "" : LOW_STOCK)}
        />
      )}

      <section aria-label="Elenco inventario" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:flex-wrap lg:items-center">
          <SearchField
            id="inventory-search"
            label="Cerca nell'inventario"
            placeholder="Nome, numero di serie o note"
            value={filters.search}
            onChange={(value) => setFilter("search", value)}
            className="min-w-0 lg:min-w-64 lg:flex-1"
          />
          <div className="flex flex-wrap items-center gap-2">
            {categoryList.length > 0 && (
              <>
                <label htmlFor="inventory-category" className="sr-only">
                  Filtra per categoria
                </label>
                <select
                  id="inventory-category"
                  value={filters.category}
                  onChange={(event) => setFilter("category", event.target.value)}
                  className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white py-2 pr-8 pl-3 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none sm:w-52"
                >
                  <option value="">Tutte le categorie</option>
                  {categoryList.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.nome}
                    </option>
                  ))}
                </select>
              </>
            )}
            <InlineCategoryForm />
            {wide && <ViewSwitch view={view} onChange={chooseView} />}
            <Button
              variant="secondary"
              icon={SlidersHorizontal}
              aria-expanded={advancedOpen}
              aria-controls={advancedId}
              onClick={() => setAdvancedOpen((open) => !open)}
              className="py-2 max-sm:px-3"
            >
              Filtri avanzati
              {activeAdvanced > 0 && (
                <span className="rounded-full bg-indigo-100 px-1.5 text-xs text-indigo-700">{activeAdvanced}</span>
              )}
            </Button>
          </div>
          {categories.isError && (
            <p role="alert" className="text-xs text-red-600 lg:basis-full">
              Errore nel caricamento categorie/corsi/unità
            </p>
          )}
        </div>

        {advancedOpen && <AdvancedFilters id={advancedId} filters={filters} onChange={setFilters} />}

        {filtering && inventory.isSuccess && (
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
            <p role="status" className="text-sm text-slate-600">
              {resultCount}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                icon={Printer}
                onClick={() => printLabels(everyMatchingItem())}
                disabled={matching === 0}
                className="px-3 py-1.5"
              >
                Stampa etichette
              </Button>
              <Button variant="ghost" icon={X} onClick={clearFilters} className="px-3 py-1.5">
                Cancella filtri
              </Button>
            </div>
          </div>
        )}

        <div className="p-3 sm:p-4">
          {inventory.isPending && <LoadingState label="Caricamento inventario..." />}
          {inventory.isError && (
            <Alert
              tone="error"
              action={
                <Button variant="ghost" icon={RefreshCw} onClick={() => inventory.refetch()} className="-my-1.5 py-1.5">
                  Riprova
                </Button>
              }
            >
              Errore nel caricamento inventario
            </Alert>
          )}
          {inventory.isSuccess &&
            (items.length === 0 ? (
              <EmptyState
                icon={PackageSearch}
                title={filtering ? "Nessun articolo trovato" : "Nessun articolo nell'inventario"}
                text={emptyListText({
                  search: filters.search,
                  categoryName,
                  otherFilters: advancedCount(filters) > 0,
                })}
              />
            ) : (
              <>
                <SelectionBar
                  selectedOnPage={selectedOnPage}
                  itemsOnPage={items.length}
                  selectedTotal={selectedItems.length}
                  onTogglePage={togglePageSelected}
                  onPrint={() => printLabels(selectedItems)}
                  onClear={() => setSelected(new Map())}
                />
                {view === "tabella" ? (
                  <ItemTable
                    items={items}
                    selectedIds={selectedIds}
                    sort={{ key: filters.sortBy, direction: filters.sortOrder }}
                    onSort={(sort) =>
                      setFilters((current) => ({ ...current, sortBy: sort.key, sortOrder: sort.direction }))
                    }
                    onToggleSelected={toggleSelected}
                    onEdit={(item) => setDialog({ kind: "edit", item })}
                    onDelete={(item) => setDialog({ kind: "delete", item })}
                    onShowQr={(item) => setDialog({ kind: "qr", item })}
                    onPrintLabels={printLabels}
                  />
                ) : (
                  <ItemList
                    groups={groups}
                    selectedIds={selectedIds}
                    onToggleSelected={toggleSelected}
                    onEdit={(item) => setDialog({ kind: "edit", item })}
                    onDelete={(item) => setDialog({ kind: "delete", item })}
                    onShowQr={(item) => setDialog({ kind: "qr", item })}
                    onPrintLabels={printLabels}
                    onOpenLoan={(unit) => setDialog({ kind: "loan", unit })}
                    onToggleLost={toggleLost}
                    busyUnitId={setUnitLost.isPending ? (setUnitLost.variables?.unitId ?? null) : null}
                  />
                )}
                <ShowMore
                  shown={items.length}
                  total={matching}
                  onMore={() => inventory.fetchNextPage()}
                  busy={inventory.isFetchingNextPage}
                />
              </>
            ))}
        </div>
      </section>

      {dialog?.kind === "create" && <ItemWizard onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <ItemWizard item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title="Elimina articolo"
          description={dialog.item.nome}
          message="Sei sicuro di voler eliminare questo articolo?"
          confirmLabel="Elimina"
          busy={deleteItem.isPending}
          onConfirm={() => confirmDelete(dialog.item)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "delete-failed" && (
        <NoticeDialog title="Impossibile eliminare" message={dialog.message} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "qr" && <QrCodeDialog item={dialog.item} onClose={() => setDialog(null)} />}
      {dialog?.kind === "categories" && <CategoryModal onClose={() => setDialog(null)} />}
      {dialog?.kind === "loan" && <LoanDetailsModal unit={dialog.unit} onClose={() => setDialog(null)} />}
    </>
  );
}
