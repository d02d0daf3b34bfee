import { CheckCircle2, Clock, type LucideIcon, PackageOpen, Plus, XCircle } from "lucide-react";
import { type ReactNode, useState } from "react";
import { isOpenLoan, isPendingRequest, LOAN_STATE, REQUEST_STATE } from "../../../../../src/domain/bookings";
import type { LoanView, RequestView } from "../../../../../src/modules/loans/model";
import { useMyLoans } from "../../../api/loans";
import { usePendingExtensions } from "../../../api/proroghe";
import { useCancelRequest, useMyRequests } from "../../../api/richieste";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Loaded } from "../../../components/loaded";
import { PageHeader } from "../../../components/page-header";
import { TabList, TabPanel } from "../../../components/tab-list";
import { useToast } from "../../../components/toast";
import { LoanCard } from "./loan-card";
import { RequestCard, requestDates } from "./request-card";

type Tab = "active" | "completed" | "pending" | "rejected";

const TAB_ORDER: Tab[] = ["active", "completed", "pending", "rejected"];

const TABS: Record<Tab, { label: string; empty: string; icon: LucideIcon }> = {
  active: { label: "Prestiti Attivi", empty: "Nessun prestito attivo", icon: PackageOpen },
  completed: { label: "Prestiti Completati", empty: "Nessun prestito completato", icon: CheckCircle2 },
  pending: { label: "In Approvazione", empty: "Nessuna richiesta in attesa di approvazione", icon: Clock },
  rejected: { label: "Rifiutati", empty: "Nessuna richiesta rifiutata", icon: XCircle },
};

/** Overdue loans first, then by due date: what needs returning soonest is on top. */
function byUrgency(a: LoanView, b: LoanView): number {
  if (a.stato !== b.stato) return a.stato === LOAN_STATE.overdue ? -1 : 1;
  return a.data_rientro.localeCompare(b.data_rientro);
}

function splitLoans(loans: LoanView[] = []) {
  return {
    active: loans.filter((loan) => isOpenLoan(loan.stato)).sort(byUrgency),
    completed: loans.filter((loan) => loan.stato === LOAN_STATE.returned),
  };
}

function splitRequests(requests: RequestView[] = []) {
  return {
    pending: requests.filter((request) => isPendingRequest(request.stato)),
    rejected: requests.filter((request) => request.stato === REQUEST_STATE.refused),
  };
}

/** The student's loans (active, completed) and requests (pending, rejected), in four tabs. */
export function MyLoansPage({ onNewRequest }: { onNewRequest: () => void }) {
  // Both lists are requested at once when the page opens.
  const loans = useMyLoans();
  const requests = useMyRequests();
  const pendingExtensions = usePendingExtensions();
  const cancelRequest = useCancelRequest();
  const showToast = useToast();
  const [tab, setTab] = useState<Tab>("active");
  const [withdrawing, setWithdrawing] = useState<RequestView | null>(null);

  const lists = { ...splitLoans(loans.data), ...splitRequests(requests.data) };
  const counts: Record<Tab, number | null> = {
    active: loans.data ? lists.active.length : null,
    completed: loans.data ? lists.completed.length : null,
    pending: requests.data ? lists.pending.length : null,
    rejected: requests.data ? lists.rejected.length : null,
  };

  function confirmWithdraw(request: RequestView) {
    cancelRequest.mutate(request.id, {
      onSuccess: () => showToast(`Richiesta per ${request.oggetto_nome} annullata`),
      onError: (error) => showToast(error.message, "error"),
      onSettled: () => setWithdrawing(null),
    });
  }

  function emptyOr(length: number, content: ReactNode) {
    if (length > 0) return content;
    return (
      <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <EmptyState icon={TABS[tab].icon} title={TABS[tab].empty} />
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="I Miei Prestiti"
        description="Prestiti in corso e conclusi, richieste in attesa e rifiutate."
        actions={
          <Button icon={Plus} onClick={onNewRequest}>
            Nuova Richiesta
          </Button>
        }
      />

      <TabList
        label="Prestiti e richieste"
        idPrefix="my-loans-tab"
        panelId="my-loans-panel"
        tabs={TAB_ORDER.map((key) => ({ key, label: TABS[key].label, count: counts[key] ?? "–" }))}
        selected={tab}
        onSelect={setTab}
        className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-200/60 p-1 lg:flex"
        tabClassName="flex min-w-0 items-center justify-center gap-2 rounded-lg px-3 py-2 lg:flex-1"
        labelClassName="truncate"
        idleBadgeClassName="bg-white/70 text-slate-600"
      />

      <TabPanel id="my-loans-panel" tabId={`my-loans-tab-${tab}`} title={TABS[tab].label}>
        {(tab === "active" || tab === "completed") && (
          <Loaded query={loans} error="Errore nel caricamento prestiti" loading="Caricamento prestiti...">
            {emptyOr(
              lists[tab].length,
              <ul className="grid gap-3 lg:grid-cols-2">
                {lists[tab].map((loan) => (
                  <li key={loan.id}>
                    <LoanCard
                      loan={loan}
                      pendingExtension={pendingExtensions.data?.find((extension) => extension.prestito_id === loan.id)}
                    />
                  </li>
                ))}
              </ul>,
            )}
          </Loaded>
        )}
        {(tab === "pending" || tab === "rejected") && (
          <Loaded query={requests} error="Errore nel caricamento richieste" loading="Caricamento richieste...">
            {emptyOr(
              lists[tab].length,
              <ul className="grid gap-3 lg:grid-cols-2">
                {lists[tab].map((request) => (
                  <li key={request.id}>
                    <RequestCard
                      request={request}
                      onCancel={tab === "pending" ? () => setWithdrawing(request) : undefined}
                    />
                  </li>
                ))}
              </ul>,
            )}
          </Loaded>
        )}
      </TabPanel>

      {withdrawing && (
        <ConfirmDialog
          title="Ritira richiesta"
          description={`${withdrawing.oggetto_nome} · ${requestDates(withdrawing)}`}
          message="Vuoi ritirare questa richiesta? L'unità tornerà prenotabile per queste date."
          confirmLabel="Ritira richiesta"
          busy={cancelRequest.isPending}
          onConfirm={() => confirmWithdraw(withdrawing)}
          onCancel={() => setWithdrawing(null)}
        />
      )}
    </>
  );
}
