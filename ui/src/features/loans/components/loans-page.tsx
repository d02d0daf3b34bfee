import { ClipboardList, Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { PendingExtensions } from "../../../components/extension/pending-extensions";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { TabPanel } from "../../../components/tab-list";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { LOAN_DAY_FILTERS, LOANS_TABS, useLoansAddress } from "../hooks/use-loans-address";
import { useLoansLists } from "../hooks/use-loans-lists";
import { useRequestApproval } from "../hooks/use-request-approval";
import { DayFilters } from "./day-filters";
import { LoanActions, RequestActions } from "./entry-actions";
import { LinkedNewLoan } from "./linked-new-loan";
import { LoanDialogs, type LoansDialog } from "./loan-dialogs";
import { LoanList } from "./loan-list";
import { LoansToolbar } from "./loans-toolbar";
import { PendingBanner } from "./pending-banner";
import { RequestDetailsModal } from "./request-details-modal";
import { RequestList } from "./request-list";
import { PendingSets } from "./sets/pending-sets";

/** The search goes to the server once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/**
 * The desk's loans: active and overdue loans, pending requests and completed loans, in three tabs.
 * `?tab=in_attesa` opens the pending tab; `?richiesta=ID` opens it with that request's details;
 * `?nuovo-prestito=ID&unita=CODE` opens the direct-loan wizard on that item and unit;
 * `?nuovo-prestito-per=ID` opens it for that student.
 */
export function LoansPage() {
  const address = useLoansAddress();
  const { tab, view, linkedRequestId } = address;
  const [search, setSearch] = useState(address.linkedSearch);
  const [dialog, setDialog] = useState<LoansDialog | null>(null);
  const approval = useRequestApproval({
    onSettled: (request) => {
      if (linkedRequestId === request.id) address.closeLinkedRequest();
      setDialog(null);
    },
    onOutcome: (outcome) => setDialog({ kind: "outcome", outcome }),
  });
  const term = search.trim();
  const serverSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  const lists = useLoansLists({
    tab,
    search: serverSearch,
    loanSort: address.loanSort,
    requestSort: address.requestSort,
    linkedRequestId,
    dayFilter: address.dayFilter,
  });
  const { loans, shownLoans, requests, shownRequests, linkedRequest, counts } = lists;
  const pendingCount = counts.in_attesa;
  const source = tab === "in_attesa" ? requests : loans;
  const shownCount = tab === "in_attesa" ? shownRequests.length : shownLoans.length;
  const selectedTab = LOANS_TABS.find(({ key }) => key === tab);
  const emptyText = LOAN_DAY_FILTERS.find(({ key }) => key === address.dayFilter)?.empty ?? selectedTab?.empty ?? "";
  const tabLabel = selectedTab?.label ?? "";

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
        <PendingBanner pending={lists.pending} onShow={() => address.selectTab("in_attesa")} />
      )}

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <LoansToolbar address={address} counts={counts} search={search} onSearch={setSearch} />

        <TabPanel id="loans-panel" tabId={`loans-tab-${tab}`} title={tabLabel} className="p-4">
          {tab === "in_attesa" && <PendingExtensions />}
          {tab === "in_attesa" && <PendingSets />}
          {tab === "attivi" && <DayFilters selected={address.dayFilter} onSelect={address.selectDayFilter} />}
          {source.isPending && <LoadingState label="Caricamento prestiti..." />}
          {source.isError && (
            <LoadFailure onRetry={() => source.refetch()}>
              {tab === "in_attesa" ? "Errore nel caricamento richieste" : "Errore nel caricamento prestiti"}
            </LoadFailure>
          )}
          {source.isSuccess && shownCount === 0 && (
            <EmptyState
              icon={ClipboardList}
              title={term ? "Nessun risultato" : emptyText}
              text={term ? "Prova a cercare con altre parole." : undefined}
            />
          )}
          {source.isSuccess && tab === "in_attesa" && (
            <RequestList
              requests={shownRequests}
              total={lists.matchingRequests}
              view={view}
              sort={address.requestSort}
              onSort={address.chooseSort}
              onMore={() => requests.fetchNextPage()}
              loadingMore={requests.isFetchingNextPage}
              onDetails={(request) => setDialog({ kind: "request", request })}
              actions={(request) => (
                <RequestActions
                  request={request}
                  approving={approval.isApproving(request)}
                  onRefuse={() => setDialog({ kind: "refuse", request })}
                  onApprove={() => approval.approveRequest(request)}
                />
              )}
            />
          )}
          {source.isSuccess && tab !== "in_attesa" && (
            <LoanList
              loans={shownLoans}
              returned={tab === "completati"}
              total={lists.matchingLoans}
              view={view}
              sort={address.loanSort}
              onSort={address.chooseSort}
              onMore={() => loans.fetchNextPage()}
              loadingMore={loans.isFetchingNextPage}
              onDetails={(loan) => setDialog({ kind: "loan", loan })}
              actions={(loan) => (
                <LoanActions
                  loan={loan}
                  onCancel={() => setDialog({ kind: "cancel", loan })}
                  onHandOver={() => setDialog({ kind: "handover", loan })}
                  onEnd={() => setDialog({ kind: "end", loan })}
                  onExtend={() => setDialog({ kind: "extend", loan })}
                />
              )}
            />
          )}
        </TabPanel>
      </section>

      {linkedRequest && !dialog && (
        <RequestDetailsModal
          request={linkedRequest}
          approving={approval.approving}
          onClose={address.closeLinkedRequest}
          onApprove={() => approval.approveRequest(linkedRequest)}
          onRefuse={() => {
            address.closeLinkedRequest();
            setDialog({ kind: "refuse", request: linkedRequest });
          }}
        />
      )}
      <LoanDialogs
        dialog={dialog}
        onChange={setDialog}
        approving={approval.approving}
        onApprove={approval.approveRequest}
      />
      <LinkedNewLoan />
    </>
  );
}
