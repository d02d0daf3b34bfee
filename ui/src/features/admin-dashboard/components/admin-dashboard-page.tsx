import type { ReactNode } from "react";
import { PendingExtensions } from "../../../components/extension/pending-extensions";
import { PageHeader } from "../../../components/page-header";
import { useMediaQuery } from "../../../lib/use-media-query";
import { DashboardCounters } from "./dashboard-counters";
import { DeskQueuesCard } from "./desk-queues-card";
import { ImportantAlerts } from "./important-alerts";
import { OpenShortages } from "./open-shortages";
import { PasswordResetRequests } from "./password-reset-requests";
import { QuickActions } from "./quick-actions";
import { RecentReports } from "./recent-reports";
import { RecentRequests } from "./recent-requests";
import { SetupChecklist } from "./setup-checklist";

type Section =
  | "setup"
  | "counters"
  | "alerts"
  | "shortages"
  | "extensions"
  | "queues"
  | "actions"
  | "requests"
  | "reports"
  | "resets";

const SECTIONS: Record<Section, { content: ReactNode; half?: boolean }> = {
  setup: { content: <SetupChecklist /> },
  counters: { content: <DashboardCounters /> },
  alerts: { content: <ImportantAlerts /> },
  shortages: { content: <OpenShortages /> },
  extensions: { content: <PendingExtensions /> },
  queues: { content: <DeskQueuesCard /> },
  actions: { content: <QuickActions /> },
  requests: { content: <RecentRequests />, half: true },
  reports: { content: <RecentReports />, half: true },
  resets: { content: <PasswordResetRequests /> },
};

const DESK_ORDER: Section[] = [
  "setup",
  "counters",
  "alerts",
  "shortages",
  "extensions",
  "queues",
  "actions",
  "requests",
  "reports",
  "resets",
];
const PHONE_ORDER: Section[] = [
  "setup",
  "alerts",
  "shortages",
  "extensions",
  "requests",
  "queues",
  "counters",
  "actions",
  "reports",
  "resets",
];

/**
 * On a desk's screen the counters come first; on a phone, what needs acting on (late and due loans, the
 * requests waiting) comes before them. The order changes in the page itself, not only on screen, so that
 * reading and Tab order follow what is seen; the sections are keyed, so a rotated phone keeps an open
 * dialog and what was typed.
 */
export function AdminDashboardPage() {
  const wide = useMediaQuery("(min-width: 1024px)");
  return (
    <>
      <PageHeader title="Dashboard Amministratore" description="Quello che richiede l'attenzione del banco prestiti." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {(wide ? DESK_ORDER : PHONE_ORDER).map((section) => (
          <div key={section} className={`min-w-0 empty:hidden ${SECTIONS[section].half ? "" : "lg:col-span-2"}`}>
            {SECTIONS[section].content}
          </div>
        ))}
      </div>
    </>
  );
}
