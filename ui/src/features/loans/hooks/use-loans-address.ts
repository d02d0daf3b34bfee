import { useSearchParams } from "react-router";
import { LOAN_SORT_KEYS, REQUEST_SORT_KEYS } from "../../../../../src/domain/loan-sorting";
import type { LoanDayFilter } from "../../../api/loans";
import type { TableSort } from "../../../components/sortable-table";
import type { ListView } from "../../../components/view-switch";
import { useMediaQuery } from "../../../lib/use-media-query";

export type LoansTab = "attivi" | "in_attesa" | "completati";

export const LOANS_TABS: { key: LoansTab; label: string; empty: string }[] = [
  { key: "attivi", label: "Prestiti Attivi", empty: "Nessun prestito attivo" },
  { key: "in_attesa", label: "In Attesa", empty: "Nessuna richiesta in attesa" },
  { key: "completati", label: "Completati", empty: "Nessun prestito completato" },
];

/** The active tab's filters for the desk's day (`?filtro=`), each a server list. */
export const LOAN_DAY_FILTERS: { key: LoanDayFilter; label: string; empty: string }[] = [
  { key: "da_ritirare_oggi", label: "Da ritirare oggi", empty: "Nessun prestito da ritirare oggi" },
  { key: "in_scadenza_oggi", label: "In scadenza oggi", empty: "Nessun prestito in scadenza oggi" },
  { key: "scaduto", label: "Scaduti", empty: "Nessun prestito scaduto" },
];

function dayFilterOf(value: string | null): LoanDayFilter | null {
  return LOAN_DAY_FILTERS.find((filter) => filter.key === value)?.key ?? null;
}

function isTab(value: string | null): value is LoansTab {
  return LOANS_TABS.some((tab) => tab.key === value);
}

/** The sort in the address (`?ordina=…&verso=…`), when it names one of `keys`. */
function sortFromParams<K extends string>(params: URLSearchParams, keys: readonly K[]): TableSort<K> | null {
  const key = params.get("ordina") as K | null;
  if (!key || !keys.includes(key)) return null;
  return { key, direction: params.get("verso") === "desc" ? "desc" : "asc" };
}

/**
 * What the loans screen shows, as its address says: the tab (`?tab=`, the pending one when `?richiesta=ID`
 * links a request), the view and the table's sort. A wide screen may show a table, sorted by any of its
 * columns; phones always get the cards.
 */
export function useLoansAddress() {
  const [params, setParams] = useSearchParams();
  const linkedRequestId = Number(params.get("richiesta")) || null;
  const requestedTab = params.get("tab");
  const tab: LoansTab = linkedRequestId ? "in_attesa" : isTab(requestedTab) ? requestedTab : "attivi";
  const wide = useMediaQuery("(min-width: 1024px)");
  const view: ListView = wide && params.get("vista") === "tabella" ? "tabella" : "schede";

  const dayFilter = tab === "attivi" ? dayFilterOf(params.get("filtro")) : null;

  /** The address's view and tab; a new tab starts from its own order, and with no filter. */
  function showList(
    next: LoansTab,
    nextView: ListView,
    sort: TableSort<string> | null = null,
    filter: LoanDayFilter | null = null,
  ) {
    const query: Record<string, string> = {};
    if (next !== "attivi") query.tab = next;
    if (filter) query.filtro = filter;
    if (nextView === "tabella") query.vista = "tabella";
    if (sort) Object.assign(query, { ordina: sort.key, verso: sort.direction });
    setParams(query, { replace: true });
  }

  return {
    tab,
    view,
    wide,
    linkedRequestId,
    /** The global search links here with `?cerca=` to show what it found. */
    linkedSearch: params.get("cerca") ?? "",
    loanSort: view === "tabella" ? sortFromParams(params, LOAN_SORT_KEYS) : null,
    requestSort: view === "tabella" ? sortFromParams(params, REQUEST_SORT_KEYS) : null,
    dayFilter,
    selectTab: (next: LoansTab) => showList(next, view),
    selectView: (next: ListView) => showList(tab, next, null, dayFilter),
    chooseSort: (sort: TableSort<string>) => showList(tab, view, sort, dayFilter),
    selectDayFilter: (filter: LoanDayFilter | null) => showList("attivi", view, null, filter),
    closeLinkedRequest: () => showList("in_attesa", view),
  };
}
