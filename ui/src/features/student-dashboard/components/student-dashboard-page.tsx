import { ClipboardList, Inbox, PackageSearch, Plus, TriangleAlert, Wrench } from "lucide-react";
import { useEffect, useState } from "react";
import { isOpenLoan, isPendingRequest, LOAN_STATE } from "../../../../../src/domain/bookings";
import type { RequestView } from "../../../../../src/modules/loans/model";
import { useMyAlerts } from "../../../api/avvisi";
import { useBlockThreshold } from "../../../api/impostazioni";
import { useCourseItemCounts } from "../../../api/inventario";
import { useMyLoans } from "../../../api/loans";
import { useUserPenalties } from "../../../api/penalties";
import { useMyRequests } from "../../../api/richieste";
import { useMyReports } from "../../../api/segnalazioni";
import { Button } from "../../../components/button";
import { CalendarFeedCard } from "../../../components/calendar-feed-card";
import { LoadFailure } from "../../../components/load-failure";
import { PageHeader } from "../../../components/page-header";
import { requestNavigation } from "../../../lib/navigation-event";
import { fullName, type User } from "../../../lib/user";
import { ActiveLoansList } from "./active-loans-list";
import { AlertsList } from "./alerts-list";
import { DashboardCard } from "./dashboard-card";
import { PenaltyBanner } from "./penalty-banner";
import { PenaltyHistory } from "./penalty-history";
import { RecentRequestsList } from "./recent-requests-list";
import { RequestDetailModal } from "./request-detail-modal";
import { StatCounter } from "./stat-counter";

/** How many entries each dashboard list shows. */
const LIST_SIZE = 3;

interface StudentDashboardPageProps {
  user: User;
  /** Opens the request wizard; without it (an administrator's own page) no request can be started. */
  onNewRequest?: () => void;
}

/**
 * The student's home: counters, penalty standing, alerts, the latest loans and requests. Links to
 * other views go through navigation requests, so the page works in the student area and in the
 * administrator's user page alike.
 */
export function StudentDashboardPage({ user, onNewRequest }: StudentDashboardPageProps) {
  const itemCounts = useCourseItemCounts();
  const requests = useMyRequests();
  const loans = useMyLoans();
  const reports = useMyReports();
  const alerts = useMyAlerts();
  const penalties = useUserPenalties(user.id);
  const blockAt = useBlockThreshold();
  const [openRequest, setOpenRequest] = useState<RequestView | null>(null);

  // The penalty history is a complement: without it the page still works, so a failure is only logged.
  useEffect(() => {
    if (penalties.error) console.warn("Storico penalità non caricato:", penalties.error.message);
  }, [penalties.error]);

  const failed = [itemCounts, requests, loans, reports, alerts].filter((query) => query.isError);
  // The server's copy of strikes and block is fresher than the one read at sign-in.
  const standing = penalties.data?.userInfo ?? user;

  // Overdue first, then by due date: what must go back soonest leads the list.
  const openLoans = loans.data
    ?.filter((loan) => isOpenLoan(loan.stato))
    .sort(
      (a, b) =>
        Number(b.stato === LOAN_STATE.overdue) - Number(a.stato === LOAN_STATE.overdue) ||
        a.data_rientro.localeCompare(b.data_rientro),
    );
  const overdueCount = openLoans?.filter((loan) => loan.stato === LOAN_STATE.overdue).length ?? 0;
  const availableCount = itemCounts.data?.available;
  const pendingCount = requests.data?.filter((request) => isPendingRequest(request.stato)).length ?? 0;
  const openReports = reports.data?.filter((report) => report.stato === "aperta").length ?? 0;
  const recentPenalties = penalties.data?.penalties.slice(0, LIST_SIZE) ?? [];

  return (
    <>
      <PageHeader
        title={`Benvenuto, ${fullName(user)}`}
        description="Il riepilogo dei tuoi prestiti, richieste e segnalazioni."
        actions={
          <>
            {onNewRequest && (
              <Button icon={Plus} onClick={onNewRequest}>
                Nuova Richiesta
              </Button>
            )}
            <Button variant="secondary" icon={Wrench} onClick={() => requestNavigation("segnalazioni")}>
              Segnala Guasto
            </Button>
          </>
        }
      />

      <div className="space-y-6">
        {failed.length > 0 && (
          <LoadFailure
            onRetry={() => {
              for (const query of failed) query.refetch();
            }}
          >
            Errore nel caricamento dei dati
          </LoadFailure>
        )}

        <PenaltyBanner
          strikes={standing.penalty_strikes}
          blocked={standing.is_blocked}
          blockedReason={standing.blocked_reason}
          blockAt={blockAt}
        />

        {alerts.data && <AlertsList alerts={alerts.data} />}

        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <StatCounter
            label="Articoli Disponibili"
            value={availableCount}
            hint={itemCounts.data && `su ${itemCounts.data.total} del tuo corso`}
            icon={PackageSearch}
            tone="indigo"
            onClick={() => requestNavigation("inventario")}
          />
          <StatCounter
            label="Le Mie Richieste"
            value={requests.data?.length}
            hint={requests.data && `${pendingCount} in attesa`}
            icon={Inbox}
            tone="amber"
            onClick={() => requestNavigation("richieste")}
          />
          <StatCounter
            label="Le Mie Segnalazioni"
            value={reports.data?.length}
            hint={reports.data && `${openReports} ${openReports === 1 ? "aperta" : "aperte"}`}
            icon={TriangleAlert}
            tone="rose"
            onClick={() => requestNavigation("segnalazioni")}
          />
          <StatCounter
            label="I Miei Prestiti"
            value={openLoans?.length}
            hint={openLoans && (overdueCount > 0 ? `${overdueCount} in ritardo` : "in corso")}
            icon={ClipboardList}
            tone="emerald"
            onClick={() => requestNavigation("prestiti")}
          />
        </div>

        <div className="grid gap-6 lg:grid-cols-2">
          <DashboardCard
            title="Prestiti Attivi"
            more={{ label: "Vedi tutti", onClick: () => requestNavigation("prestiti") }}
          >
            {loans.isError ? <Unavailable /> : <ActiveLoansList loans={openLoans?.slice(0, LIST_SIZE)} />}
          </DashboardCard>
          <DashboardCard
            title="Prestiti Recenti"
            more={{ label: "Vedi tutte", onClick: () => requestNavigation("richieste") }}
          >
            {requests.isError ? (
              <Unavailable />
            ) : (
              <RecentRequestsList requests={requests.data?.slice(0, LIST_SIZE)} onOpen={setOpenRequest} />
            )}
          </DashboardCard>
        </div>

        <CalendarFeedCard
          title="Calendario"
          description="Vedi i tuoi prestiti, le scadenze e le richieste in attesa nel calendario del telefono o del computer: aggiungi questo link come calendario a cui iscriverti."
        />

        {recentPenalties.length > 0 && (
          <DashboardCard title="Storico Penalità">
            <PenaltyHistory penalties={recentPenalties} />
          </DashboardCard>
        )}
      </div>

      {openRequest && <RequestDetailModal request={openRequest} onClose={() => setOpenRequest(null)} />}
    </>
  );
}

function Unavailable() {
  return <p className="px-4 py-8 text-center text-sm text-slate-500">Dati non disponibili</p>;
}
