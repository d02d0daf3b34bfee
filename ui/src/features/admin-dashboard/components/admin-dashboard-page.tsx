import { PageHeader } from "../../../components/page-header";
import { DashboardCounters } from "./dashboard-counters";
import { ImportantAlerts } from "./important-alerts";
import { PasswordResetRequests } from "./password-reset-requests";
import { QuickActions } from "./quick-actions";
import { RecentReports } from "./recent-reports";
import { RecentRequests } from "./recent-requests";

export function AdminDashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard Amministratore" description="Quello che richiede l'attenzione del banco prestiti." />
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
    </>
  );
}
