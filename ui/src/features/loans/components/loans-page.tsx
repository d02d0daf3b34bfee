import { Ban, Check, ClipboardList, Eye, Hourglass, PackageCheck, PackageOpen, Plus, RefreshCw, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { LOAN_STATE, REQUEST_STATE } from "../../../../../src/domain/bookings";
import {
  LOAN_SORT_KEYS,
  type LoanSortKey,
  REQUEST_SORT_KEYS,
  type RequestSortKey,
} from "../../../../../src/domain/loan-sorting";
import type { ReturnAnswer } from "../../../../../src/modules/counter/model";
import type { LoanView, RequestView } from "../../../../../src/modules/loans/model";
import type { InventoryUnit } from "../../../api/inventario";
import { type LoanList, useCancelLoan, useLoanCount, useLoanPages } from "../../../api/loans";
import { useApproveRequest, useNewestPendingRequests, usePendingRequestPages } from "../../../api/richieste";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { HandOverDialog } from "../../../components/loan-desk/handover-dialog";
import { ReturnDialog } from "../../../components/loan-desk/return-dialog";
import { PageHeader } from "../../../components/page-header";
import { SearchField } from "../../../components/search-field";
import { ShowMore } from "../../../components/show-more";
import { SortableTable, type TableColumn, type TableSort } from "../../../components/sortable-table";
import { LoadingState } from "../../../components/spinner";
import { TabList } from "../../../components/tab-list";
import { useToast } from "../../../components/toast";
import { type ListView, ViewSwitch } from "../../../components/view-switch";
import { ApiError } from "../../../lib/api";
import { daysLateText, formatDate, formatRelativeTime } from "../../../lib/dates";
import { notifyRequestStatus } from "../../../lib/desktop-notification";
import { useLinkedItem } from "../../../lib/item-links";
import { toCollectText } from "../../../lib/loan-phase";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { useMediaQuery } from "../../../lib/use-media-query";
import { type ApprovalOutcome, ApprovalOutcomeDialog } from "./approval-outcome-dialog";
import { EntryCard } from "./entry-card";
import { StatusBadge, StrikeBadge } from "./loan-badges";
import { LoanDetailsModal } from "./loan-details-modal";
import { NewLoanWizard } from "./new-loan/new-loan-wizard";
import { RefuseRequestModal } from "./refuse-request-modal";
import { RequestDetailsModal } from "./request-details-modal";

type Tab = "attivi" | "in_attesa" | "completati";

/** The search goes to the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

const TABS: { key: Tab; label: string; empty: string }[] = [
  { key: "attivi", label: "Prestiti Attivi", empty: "Nessun prestito attivo" },
  { key: "in_attesa", label: "In Attesa", empty: "Nessuna richiesta in attesa" },
  { key: "completati", label: "Completati", empty: "Nessun prestito completato" },
];

type Dialog =
  | { kind: "loan"; loan: LoanView }
  | { kind: "end"; loan: LoanView }
  | { kind: "handover"; loan: LoanView }
  | { kind: "cancel"; loan: LoanView }
  | { kind: "request"; request: RequestView }
  | { kind: "refuse"; request: RequestView }
  | { kind: "outcome"; outcome: ApprovalOutcome }
  | { kind: "new-loan" };

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.key === value);
}

function fullName(request: RequestView): string {
  return `${request.utente_nome ?? ""} ${request.utente_cognome ?? ""}`.trim();
}

function loanStatus(loan: LoanView): string {
  return loan.fase === "da_ritirare" || loan.fase === "annullato" ? loan.fase : loan.stato;
}

/** The sort in the address (`?ordina=…&verso=…`), when it names one of `keys`. */
function sortFromParams<K extends string>(params: URLSearchParams, keys: readonly K[]): TableSort<K> | null {
  const key = params.get("ordina") as K | null;
  if (!key || !keys.includes(key)) return null;
  return { key, direction: params.get("verso") === "desc" ? "desc" : "asc" };
}

function ItemCell({ name, units }: { name: string; units: string[] }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{name}</p>
      <p className="font-mono text-xs break-all text-slate-600">{units.join(", ")}</p>
    </div>
  );
}

function BorrowerCell(props: { name: string; email: string | null; strikes: number; blocked: boolean }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-1.5 font-medium text-slate-800">
        {props.name}
        <StrikeBadge strikes={props.strikes} blocked={props.blocked} />
      </p>
      {props.email && <p className="text-xs break-all text-slate-500">{props.email}</p>}
    </div>
  );
}

function loanFootnote(loan: LoanView) {
  const toCollect = toCollectText(loan);
  if (toCollect) return <span className="font-medium text-amber-800">{toCollect}</span>;
  if (loan.fase === "annullato") return <>Annullato il {formatDate(loan.annullato_il)}: mai ritirato</>;
  if (loan.stato === LOAN_STATE.returned)
    return (
      <>
        Restituito il {formatDate(loan.data_restituzione)}
        {loan.giorni_ritardo > 0 && ` · ${daysLateText(loan.giorni_ritardo)}`}
      </>
    );
  if (loan.stato === LOAN_STATE.overdue)
    return (
      <span className="font-medium text-red-600">
        Rientro previsto il {formatDate(loan.data_rientro)} · {daysLateText(loan.giorni_ritardo)}
      </span>
    );
  return <>Rientro previsto il {formatDate(loan.data_rientro)}</>;
}

/** The server's words when it gave any, else the screen's own. */
function failureText(error: Error, fallback: string): string {
  return error instanceof ApiError && error.status > 0 ? error.message : fallback;
}

/** A lost unit or one in repair cannot be lent: the wizard then starts with no unit chosen. */
function lendableUnitId(unit: InventoryUnit | undefined): number | null {
  return unit && unit.stato !== "perso" && unit.stato !== "in_riparazione" ? unit.id : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

/**
 * The desk's loans: active and overdue loans, pending requests and completed loans, in three tabs.
 * `?tab=in_attesa` opens the pending tab; `?richiesta=ID` opens it with that request's details;
 * `?nuovo-prestito=ID&unita=CODE` opens the direct-loan wizard on that item and unit.
 */
export function LoansPage() {
  const approve = useApproveRequest();
  const cancelLoan = useCancelLoan();
  const showToast = useToast();
  const [params, setParams] = useSearchParams();
  // The global search links here with `?cerca=` to show what it found.
  const [search, setSearch] = useState(() => params.get("cerca") ?? "");
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The item page's "Presta" links here to lend that item (and unit).
  const linkedLoan = useLinkedItem("nuovo-prestito");

  const linkedRequestId = Number(params.get("richiesta")) || null;
  const requestedTab = params.get("tab");
  const tab: Tab = linkedRequestId ? "in_attesa" : isTab(requestedTab) ? requestedTab : "attivi";
  const term = search.trim();
  const serverSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  // The tabs page through the server's lists; each loan tab's count is the list's unsearched total, read
  // from the shown list when no search narrows it, else from a one-row page.
  // A wide screen may show a table, sorted by any of its columns; phones always get the cards.
  const wide = useMediaQuery("(min-width: 1024px)");
  const view: ListView = wide && params.get("vista") === "tabella" ? "tabella" : "schede";
  const loanSort = view === "tabella" ? sortFromParams(params, LOAN_SORT_KEYS) : null;
  const requestSort = view === "tabella" ? sortFromParams(params, REQUEST_SORT_KEYS) : null;

  const loanList: LoanList = tab === "completati" ? LOAN_STATE.returned : "in_corso";
  const loans = useLoanPages(loanList, serverSearch, tab !== "in_attesa", loanSort);
  const openCount = useLoanCount("in_corso", tab !== "attivi" || serverSearch !== "");
  const returnedCount = useLoanCount(LOAN_STATE.returned, tab !== "completati" || serverSearch !== "");
  const loanPages = loans.data?.pages ?? [];
  const shownLoans = loanPages.flatMap((page) => page.elementi);
  const matchingLoans = loanPages.at(-1)?.totale ?? 0;
  const unsearchedTotal =
    tab !== "in_attesa" && !serverSearch && !loans.isPlaceholderData && loans.data ? matchingLoans : undefined;
  const countOf = (list: LoanList, count: number | undefined) =>
    (list === loanList && unsearchedTotal !== undefined ? unsearchedTotal : count) ?? 0;

  // The pending count comes from the newest page the bell polls anyway, the tab's own list when it is shown
  // unsearched. A linked request (a notification's) is among the newest, or on the tab's pages.
  const requests = usePendingRequestPages(serverSearch, requestSort, tab === "in_attesa");
  const newestPending = useNewestPendingRequests();
  const requestPages = requests.data?.pages ?? [];
  const shownRequests = requestPages.flatMap((page) => page.elementi);
  const matchingRequests = requestPages.at(-1)?.totale ?? 0;
  const linkedRequest = linkedRequestId
    ? [...shownRequests, ...(newestPending.data?.elementi ?? [])].find((request) => request.id === linkedRequestId)
    : undefined;

  /** The address's view and tab; a new tab starts from its own order. */
  function showList(next: Tab, nextView: ListView, sort: TableSort<string> | null = null) {
    const query: Record<string, string> = {};
    if (next !== "attivi") query.tab = next;
    if (nextView === "tabella") query.vista = "tabella";
    if (sort) Object.assign(query, { ordina: sort.key, verso: sort.direction });
    setParams(query, { replace: true });
  }

  function selectTab(next: Tab) {
    showList(next, view);
  }

  function chooseSort(sort: TableSort<string>) {
    showList(tab, view, sort);
  }

  function closeLinkedRequest() {
    showList("in_attesa", view);
  }

  const pendingCount =
    tab === "in_attesa" && !serverSearch && requests.data && !requests.isPlaceholderData
      ? matchingRequests
      : (newestPending.data?.totale ?? 0);

  function approveRequest(request: RequestView) {
    approve.mutate(
      { requestId: request.id },
      {
        onSuccess: (answer) => {
          if (linkedRequestId === request.id) closeLinkedRequest();
          setDialog(null);
          void notifyRequestStatus(request, REQUEST_STATE.approved);
          const info = answer.penaltyInfo;
          // The server decides when strikes deserve a warning; the screen shows it as given.
          if (info?.warning) {
            setDialog({
              kind: "outcome",
              outcome: {
                kind: "approved",
                borrower: fullName(request),
                itemName: request.oggetto_nome,
                warning: info.warning,
              },
            });
            return;
          }
          if (info?.hasStrikes) console.info(`Richiesta #${request.id}: l'utente ha ${info.strikes} penalità`);
          showToast(`Richiesta Approvata! ${fullName(request)} può ritirare l'attrezzatura (${request.oggetto_nome}).`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body.userBlocked === true) {
            if (linkedRequestId === request.id) closeLinkedRequest();
            setDialog({
              kind: "outcome",
              outcome: {
                kind: "blocked",
                borrower: fullName(request),
                message: text(error.body.message) ?? "L'utente è bloccato e non può ricevere prestiti.",
                reason: text(error.body.reason),
              },
            });
            return;
          }
          showToast(failureText(error, "Errore nell'approvazione"), "error");
        },
      },
    );
  }

  function returned(loan: LoanView, answer: ReturnAnswer) {
    setDialog(null);
    if (!answer.concluso) {
      showToast(answer.message);
      return;
    }
    if (answer.giorni_ritardo <= 0) {
      showToast(`Prestito terminato: ${loan.oggetto_nome} è rientrato`);
      return;
    }
    const penalty = answer.penalty;
    showToast(
      `Prestito terminato con ${daysLateText(answer.giorni_ritardo)}${
        penalty ? `: ${penalty.strike_assegnati} penalità assegnate${penalty.bloccato ? ", utente bloccato" : ""}` : ""
      }`,
    );
  }

  function cancel(loan: LoanView) {
    cancelLoan.mutate(loan.id, {
      onSuccess: () => {
        setDialog(null);
        showToast(`Prestito annullato: ${loan.oggetto_nome} è di nuovo disponibile`);
      },
      onError: (error) => {
        setDialog(null);
        showToast(failureText(error, "Errore nell'annullamento del prestito"), "error");
      },
    });
  }

  function requestActions(request: RequestView) {
    return (
      <>
        <Button
          variant="secondary"
          icon={X}
          onClick={() => setDialog({ kind: "refuse", request })}
          aria-label={`Rifiuta la richiesta di ${fullName(request)}`}
          className="px-3 py-2 text-red-700"
        >
          Rifiuta
        </Button>
        <Button
          icon={Check}
          busy={approve.isPending && approve.variables?.requestId === request.id}
          onClick={() => approveRequest(request)}
          aria-label={`Approva la richiesta di ${fullName(request)}`}
          className="px-3 py-2"
        >
          Approva
        </Button>
      </>
    );
  }

  function loanActions(loan: LoanView) {
    return loan.fase === "da_ritirare" ? (
      <>
        <Button
          variant="secondary"
          icon={Ban}
          onClick={() => setDialog({ kind: "cancel", loan })}
          aria-label={`Annulla prestito mai ritirato: ${loan.oggetto_nome}, ${loan.utente_nome_reale}`}
          className="px-3 py-2 text-red-700"
        >
          Annulla
        </Button>
        <Button
          icon={PackageOpen}
          onClick={() => setDialog({ kind: "handover", loan })}
          aria-label={`Consegna: ${loan.oggetto_nome}, ${loan.utente_nome_reale}`}
          className="px-3 py-2"
        >
          Consegna
        </Button>
      </>
    ) : (
      loan.stato !== LOAN_STATE.returned && (
        <Button
          variant="secondary"
          icon={PackageCheck}
          onClick={() => setDialog({ kind: "end", loan })}
          aria-label={`Termina prestito: ${loan.oggetto_nome}, ${loan.utente_nome_reale}`}
          className="px-3 py-2"
        >
          Termina prestito
        </Button>
      )
    );
  }

  /** The table's last column: details, then what the card's buttons do. */
  const actionsColumn = <Row,>(
    name: (row: Row) => string,
    open: (row: Row) => void,
    actions: (row: Row) => ReactNode,
  ): TableColumn<Row, never> => ({
    header: "Azioni",
    className: "w-px whitespace-nowrap",
    cell: (row) => (
      <div className="flex gap-2">
        <IconButton icon={Eye} label={`Dettagli: ${name(row)}`} onClick={() => open(row)} />
        {actions(row)}
      </div>
    ),
  });

  const requestColumns: TableColumn<RequestView, RequestSortKey>[] = [
    {
      header: "Oggetto",
      sortKey: "oggetto",
      cell: (request) => <ItemCell name={request.oggetto_nome} units={[request.codice_univoco]} />,
    },
    {
      header: "Studente",
      sortKey: "studente",
      cell: (request) => (
        <BorrowerCell
          name={fullName(request)}
          email={request.utente_email}
          strikes={request.penalty_strikes}
          blocked={request.is_blocked}
        />
      ),
    },
    { header: "Dal", sortKey: "dal", className: "whitespace-nowrap", cell: (request) => formatDate(request.dal) },
    { header: "Al", sortKey: "al", className: "whitespace-nowrap", cell: (request) => formatDate(request.al) },
    {
      header: "Richiesta",
      sortKey: "creata",
      className: "whitespace-nowrap",
      cell: (request) => formatRelativeTime(request.created_at),
    },
    actionsColumn(
      (request) => `${request.oggetto_nome}, ${fullName(request)}`,
      (request) => setDialog({ kind: "request", request }),
      requestActions,
    ),
  ];
  const loanColumns: TableColumn<LoanView, LoanSortKey>[] = [
    { header: "Oggetto", sortKey: "oggetto", cell: (loan) => <ItemCell name={loan.oggetto_nome} units={loan.unita} /> },
    {
      header: "Studente",
      sortKey: "studente",
      cell: (loan) => (
        <BorrowerCell
          name={loan.utente_nome_reale}
          email={loan.utente_email}
          strikes={loan.penalty_strikes}
          blocked={loan.is_blocked}
        />
      ),
    },
    { header: "Dal", sortKey: "dal", className: "whitespace-nowrap", cell: (loan) => formatDate(loan.data_uscita) },
    { header: "Al", sortKey: "al", className: "whitespace-nowrap", cell: (loan) => formatDate(loan.data_rientro) },
    {
      header: "Stato",
      cell: (loan) => (
        <div className="space-y-1">
          <StatusBadge status={loanStatus(loan)} />
          <p className="text-xs text-slate-500">{loanFootnote(loan)}</p>
        </div>
      ),
    },
    actionsColumn(
      (loan) => `${loan.oggetto_nome}, ${loan.utente_nome_reale}`,
      (loan) => setDialog({ kind: "loan", loan }),
      loanActions,
    ),
  ];
  const returnedLoanColumns: TableColumn<LoanView, LoanSortKey>[] = [
    ...loanColumns.slice(0, 4),
    {
      header: "Restituito",
      sortKey: "restituito",
      className: "whitespace-nowrap",
      cell: (loan) => (loan.data_restituzione ? formatDate(loan.data_restituzione) : "—"),
    },
    { header: "Ritardo", cell: (loan) => (loan.giorni_ritardo > 0 ? daysLateText(loan.giorni_ritardo) : "—") },
    actionsColumn(
      (loan) => `${loan.oggetto_nome}, ${loan.utente_nome_reale}`,
      (loan) => setDialog({ kind: "loan", loan }),
      () => null,
    ),
  ];

  const counts: Record<Tab, number> = {
    attivi: countOf("in_corso", openCount.data),
    in_attesa: pendingCount,
    completati: countOf(LOAN_STATE.returned, returnedCount.data),
  };
  const source = tab === "in_attesa" ? requests : loans;
  const shownCount = tab === "in_attesa" ? shownRequests.length : shownLoans.length;
  const emptyText = TABS.find(({ key }) => key === tab)?.empty ?? "";

  return (
    <>
      <PageHeader
        title="Prestiti"
        description="Richieste in attesa, prestiti attivi e completati."
        actions={
          <Button icon={Plus} onClick={() => setDialog({ kind: "new-loan" })}>
            Nuovo Prestito
          </Button>
        }
      />

      {pendingCount > 0 && tab !== "in_attesa" && (
        <div className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
            <Hourglass className="size-4 shrink-0" aria-hidden="true" />
            {pendingCount === 1
              ? "1 richiesta in attesa di approvazione"
              : `${pendingCount} richieste in attesa di approvazione`}
          </p>
          <Button variant="secondary" onClick={() => selectTab("in_attesa")} className="py-2">
            Visualizza richieste
          </Button>
        </div>
      )}

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between">
          <TabList
            label="Prestiti e richieste"
            idPrefix="loans-tab"
            panelId="loans-panel"
            tabs={TABS.map(({ key, label }) => ({ key, label, count: counts[key] }))}
            selected={tab}
            onSelect={selectTab}
            className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 lg:flex"
            tabClassName="flex min-w-0 flex-col items-center justify-center gap-1 rounded-md px-2 py-1.5 sm:flex-row sm:gap-2 sm:px-3"
            labelClassName="text-center leading-tight lg:whitespace-nowrap"
          />
          <div className="flex items-center gap-3 lg:ml-auto">
            {wide && <ViewSwitch view={view} onChange={(next) => showList(tab, next)} />}
            <SearchField
              id="loans-search"
              label="Cerca prestiti"
              placeholder="Oggetto, codice, nome o email"
              value={search}
              onChange={setSearch}
              className="lg:w-80"
            />
          </div>
        </div>

        <div id="loans-panel" role="tabpanel" aria-labelledby={`loans-tab-${tab}`} className="p-4">
          {source.isPending && <LoadingState label="Caricamento prestiti..." />}
          {source.isError && (
            <Alert
              tone="error"
              action={
                <Button variant="ghost" icon={RefreshCw} onClick={() => source.refetch()} className="-my-1.5 py-1.5">
                  Riprova
                </Button>
              }
            >
              {tab === "in_attesa" ? "Errore nel caricamento richieste" : "Errore nel caricamento prestiti"}
            </Alert>
          )}
          {source.isSuccess && shownCount === 0 && (
            <EmptyState
              icon={ClipboardList}
              title={term ? "Nessun risultato" : emptyText}
              text={term ? "Prova a cercare con altre parole." : undefined}
            />
          )}
          {source.isSuccess && shownCount > 0 && view === "tabella" && tab === "in_attesa" && (
            <SortableTable
              caption="Richieste in attesa"
              columns={requestColumns}
              rows={shownRequests}
              rowKey={(request) => request.id}
              sort={requestSort}
              onSort={chooseSort}
            />
          )}
          {source.isSuccess && shownCount > 0 && view === "tabella" && tab !== "in_attesa" && (
            <SortableTable
              caption={tab === "attivi" ? "Prestiti attivi" : "Prestiti completati"}
              columns={tab === "attivi" ? loanColumns : returnedLoanColumns}
              rows={shownLoans}
              rowKey={(loan) => loan.id}
              sort={loanSort}
              onSort={chooseSort}
            />
          )}
          {source.isSuccess && shownCount > 0 && view === "schede" && (
            <ul className="space-y-3">
              {tab === "in_attesa"
                ? shownRequests.map((request) => (
                    <li key={request.id}>
                      <EntryCard
                        itemName={request.oggetto_nome}
                        units={[request.codice_univoco]}
                        itemId={request.inventario_id}
                        status={request.stato}
                        strikes={request.penalty_strikes}
                        blocked={request.is_blocked}
                        borrower={fullName(request)}
                        email={request.utente_email}
                        from={request.dal}
                        to={request.al}
                        footnote={`Richiesta ${formatRelativeTime(request.created_at).toLowerCase()}`}
                        onDetails={() => setDialog({ kind: "request", request })}
                        actions={requestActions(request)}
                      />
                    </li>
                  ))
                : shownLoans.map((loan) => (
                    <li key={loan.id}>
                      <EntryCard
                        itemName={loan.oggetto_nome}
                        units={loan.unita}
                        itemId={loan.inventario_id}
                        status={loanStatus(loan)}
                        strikes={loan.penalty_strikes}
                        blocked={loan.is_blocked}
                        borrower={loan.utente_nome_reale}
                        email={loan.utente_email}
                        from={loan.data_uscita}
                        to={loan.data_rientro}
                        footnote={loanFootnote(loan)}
                        onDetails={() => setDialog({ kind: "loan", loan })}
                        actions={loanActions(loan)}
                      />
                    </li>
                  ))}
            </ul>
          )}
          {source.isSuccess &&
            (tab === "in_attesa" ? (
              <ShowMore
                shown={shownCount}
                total={matchingRequests}
                onMore={() => requests.fetchNextPage()}
                busy={requests.isFetchingNextPage}
              />
            ) : (
              <ShowMore
                shown={shownCount}
                total={matchingLoans}
                onMore={() => loans.fetchNextPage()}
                busy={loans.isFetchingNextPage}
              />
            ))}
        </div>
      </section>

      {linkedRequest && !dialog && (
        <RequestDetailsModal
          request={linkedRequest}
          approving={approve.isPending}
          onClose={closeLinkedRequest}
          onApprove={() => approveRequest(linkedRequest)}
          onRefuse={() => {
            closeLinkedRequest();
            setDialog({ kind: "refuse", request: linkedRequest });
          }}
        />
      )}
      {dialog?.kind === "request" && (
        <RequestDetailsModal
          request={dialog.request}
          approving={approve.isPending}
          onClose={() => setDialog(null)}
          onApprove={() => approveRequest(dialog.request)}
          onRefuse={() => setDialog({ kind: "refuse", request: dialog.request })}
        />
      )}
      {dialog?.kind === "refuse" && <RefuseRequestModal request={dialog.request} onClose={() => setDialog(null)} />}
      {dialog?.kind === "loan" && (
        <LoanDetailsModal
          loan={dialog.loan}
          onClose={() => setDialog(null)}
          onEnd={() => setDialog({ kind: "end", loan: dialog.loan })}
        />
      )}
      {dialog?.kind === "end" && (
        <ReturnDialog
          loan={dialog.loan}
          onClose={() => setDialog(null)}
          onReturned={(answer) => returned(dialog.loan, answer)}
        />
      )}
      {dialog?.kind === "handover" && <HandOverDialog loan={dialog.loan} onClose={() => setDialog(null)} />}
      {dialog?.kind === "cancel" && (
        <ConfirmDialog
          title="Annulla prestito"
          description={`${dialog.loan.oggetto_nome} · ${dialog.loan.utente_nome_reale}`}
          message="Il prestito non è mai stato ritirato: annullandolo le unità tornano disponibili, il prestito resta nello storico e non viene assegnata alcuna penalità."
          confirmLabel="Annulla prestito"
          busy={cancelLoan.isPending}
          onConfirm={() => cancel(dialog.loan)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === "outcome" && <ApprovalOutcomeDialog outcome={dialog.outcome} onClose={() => setDialog(null)} />}
      {dialog?.kind === "new-loan" && <NewLoanWizard onClose={() => setDialog(null)} />}
      {linkedLoan.linked && (
        <NewLoanWizard
          preset={{ item: linkedLoan.linked.item, unitId: lendableUnitId(linkedLoan.linked.unit) }}
          onClose={linkedLoan.close}
        />
      )}
    </>
  );
}
