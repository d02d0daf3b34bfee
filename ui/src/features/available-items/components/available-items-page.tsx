import { PackageSearch, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { useCategories } from "../../../api/categorie";
import { useCataloguePages } from "../../../api/inventario";
import { useKits } from "../../../api/kit";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { ShowMorePages } from "../../../components/show-more";
import { LoadingState } from "../../../components/spinner";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useEmptySearchReport } from "../use-empty-search-report";
import { ItemCard } from "./item-card";
import { KitCard } from "./kit-card";

const ALL_CATEGORIES = "";

/** The search goes to the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/** The items of the student's course, searchable and filtered by category, each with "Richiedi". */
export function AvailableItemsPage({ onRequestItem }: { onRequestItem: (itemId: number) => void }) {
  const categories = useCategories();
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState(ALL_CATEGORIES);
  const serverSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const items = useCataloguePages(serverSearch, categoryId);
  const kits = useKits();

  // Without categories the list still works (no filter offered), so a failure is only logged.
  useEffect(() => {
    if (categories.error) console.warn("Categorie non caricate:", categories.error.message);
  }, [categories.error]);

  const pages = items.data?.pages ?? [];
  const shown = pages.flatMap((page) => page.elementi);
  const total = pages.at(-1)?.totale ?? 0;
  const filtering = serverSearch !== "" || categoryId !== ALL_CATEGORIES;
  // Kits have no category: a category filter hides them, a search matches their names.
  const shownKits =
    categoryId === ALL_CATEGORIES
      ? (kits.data ?? []).filter((kit) => kit.nome.toLowerCase().includes(serverSearch.toLowerCase()))
      : [];
  const foundNothing = items.isSuccess && !items.isPlaceholderData && shown.length === 0 && shownKits.length === 0;
  useEmptySearchReport(foundNothing ? serverSearch : "");

  return (
    <>
      <PageHeader
        title="Articoli Disponibili"
        description="Le attrezzature assegnate al tuo corso: richiedi un articolo, o componi un set per le tue riprese."
      />

      <div className="mb-5 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <label htmlFor="available-items-search" className="mb-1.5 block text-sm font-medium text-slate-700">
            Cerca articoli
          </label>
          <Search className="pointer-events-none absolute bottom-3 left-3 size-4 text-slate-500" aria-hidden="true" />
          <input
            id="available-items-search"
            type="search"
            placeholder="Nome, note o posizione"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 py-2.5 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          />
        </div>
        <div className="sm:w-64">
          <label htmlFor="available-items-category" className="mb-1.5 block text-sm font-medium text-slate-700">
            Categoria
          </label>
          <select
            id="available-items-category"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          >
            <option value={ALL_CATEGORIES}>Tutte le categorie</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.nome}
              </option>
            ))}
          </select>
        </div>
      </div>

      {shownKits.length > 0 && (
        <section aria-labelledby="kits-title" className="mb-6">
          <h2 id="kits-title" className="mb-3 text-base font-semibold text-slate-900">
            Kit del tuo corso
          </h2>
          <ul aria-label="Kit" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {shownKits.map((kit) => (
              <li key={kit.id} className="min-w-0">
                <KitCard kit={kit} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {items.isPending && <LoadingState label="Caricamento articoli..." />}
      {items.isError && <LoadFailure onRetry={() => items.refetch()}>Errore nel caricamento articoli</LoadFailure>}
      {items.isSuccess &&
        (shown.length === 0 ? (
          <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
            <EmptyState
              icon={PackageSearch}
              title={filtering ? "Nessun articolo trovato" : "Nessun articolo assegnato al tuo corso"}
              text={filtering ? "Prova con altre parole o un'altra categoria." : undefined}
            />
          </section>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-500" aria-live="polite">
              {total === 1 ? "1 articolo" : `${total} articoli`}
            </p>
            <ul aria-label="Articoli" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((item) => (
                <li key={item.id} className="min-w-0">
                  <ItemCard item={item} onRequest={() => onRequestItem(item.id)} />
                </li>
              ))}
            </ul>
            <ShowMorePages pages={items} shown={shown.length} total={total} />
          </>
        ))}
    </>
  );
}
