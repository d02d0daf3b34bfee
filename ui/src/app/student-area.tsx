import { ClipboardList, LayoutDashboard, PackageSearch, TriangleAlert } from "lucide-react";
import { useLayoutEffect, useState } from "react";
import { AvailableItemsPage } from "../features/available-items/components/available-items-page";
import { ReportFaultPage } from "../features/fault-reports/components/report-fault-page";
import { LoanRequestDialog } from "../features/loan-request/components/loan-request-dialog";
import { MyLoansPage } from "../features/my-loans/components/my-loans-page";
import { StudentDashboardPage } from "../features/student-dashboard/components/student-dashboard-page";
import { SystemPage } from "../features/system/components/system-page";
import { type NavigationTarget, onNavigationRequest } from "../lib/navigation-event";
import { useSignedInUser } from "./session";
import { AppShell } from "./shell/app-shell";
import type { NavItem } from "./shell/nav-list";

type StudentView = "dashboard" | "my-loans" | "available-items" | "report-fault" | "sistema";

const STUDENT_VIEWS: NavItem[] = [
  { key: "dashboard", label: "Dashboard", icon: LayoutDashboard },
  { key: "my-loans", label: "I Miei Prestiti", icon: ClipboardList },
  { key: "available-items", label: "Articoli Disponibili", icon: PackageSearch },
  { key: "report-fault", label: "Segnala Guasto", icon: TriangleAlert },
];

/** Where each in-app navigation target leads a student (targets with no student view are ignored). */
const TARGET_VIEWS: Partial<Record<NavigationTarget, StudentView>> = {
  dashboard: "dashboard",
  prestiti: "my-loans",
  richieste: "my-loans",
  inventario: "available-items",
  segnalazioni: "report-fault",
  sistema: "sistema",
};

/** The new-request wizard, opened from several views; `itemId` starts it on that item. */
type RequestDialog = { itemId?: number };

/** The student area: views are chosen from the sidebar and held in state, not in the URL. */
export function StudentArea() {
  const user = useSignedInUser();
  const [view, setView] = useState<StudentView>("dashboard");
  const [requestDialog, setRequestDialog] = useState<RequestDialog | null>(null);

  // Subscribed before the first paint, so a request raised by the first screen's buttons is never missed.
  useLayoutEffect(
    () =>
      onNavigationRequest((target) => {
        const next = TARGET_VIEWS[target];
        if (next) setView(next);
      }),
    [],
  );

  const title = STUDENT_VIEWS.find((item) => item.key === view)?.label ?? "Sistema";
  return (
    <AppShell items={STUDENT_VIEWS} activeKey={view} title={title} onSelect={(key) => setView(key as StudentView)}>
      {view === "dashboard" && <StudentDashboardPage user={user} onNewRequest={() => setRequestDialog({})} />}
      {view === "my-loans" && <MyLoansPage onNewRequest={() => setRequestDialog({})} />}
      {view === "available-items" && <AvailableItemsPage onRequestItem={(itemId) => setRequestDialog({ itemId })} />}
      {view === "report-fault" && <ReportFaultPage />}
      {view === "sistema" && <SystemPage />}
      {requestDialog && (
        <LoanRequestDialog
          initialItemId={requestDialog.itemId}
          course={user.corso_accademico}
          onClose={() => setRequestDialog(null)}
        />
      )}
    </AppShell>
  );
}
