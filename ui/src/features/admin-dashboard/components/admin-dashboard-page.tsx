import { PageHeader } from "../../../components/page-header";
import { useMediaQuery } from "../../../lib/use-media-query";
import { DashboardCounters } from "./dashboard-counters";
import { ImportantAlerts } from "./important-alerts";
import { PasswordResetRequests } from "./password-reset-requests";
import { QuickActions } from "./quick-actions";
import { RecentReports } from "./recent-reports";
import { RecentRequests } from "./recent-requests";

/**
 * On a desk's screen the counters come first; on a phone, what needs acting on (late and due loans, the
 * requests waiting) comes before them. The order changes in the page itself, not only on screen, so that
 * reading and Tab order follow what is seen.
 */
export function AdminDashboardPage() {
  const wide = useMediaQuery("(min-width: 1024px)");
  return (
    <>
      <PageHeader title="Dashboard Amministratore" description="Quello che richiede l'attenzione del banco prestiti." />
      {wide ? (
        <div className="space-y-6">
          <DashboardCounters />
          <ImportantAlerts />
          <QuickActions />
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentRequests />
            <RecentReports />
          </div>
          <PasswordResetRequests />
        </div>
      ) : (
        <div className="space-y-6">
          <ImportantAlerts />
          <RecentRequests />
          <DashboardCounters />
          <QuickActions />
          <RecentReports />
          <PasswordResetRequests />
        </div>
      )}
    </>
  );
}
