import { ClipboardList, Hourglass, LayoutDashboard, ListChecks, PackageSearch, TriangleAlert } from "lucide-react";
import { useLayoutEffect, useState } from "react";
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate, useSearchParams } from "react-router";
import { ChooseCourseCard } from "../features/account/components/choose-course-card";
import { AvailableItemsPage } from "../features/available-items/components/available-items-page";
import { ReportFaultPage } from "../features/fault-reports/components/report-fault-page";
import { ItemPage } from "../features/item-page/components/item-page";
import { LoanRequestDialog } from "../features/loan-request/components/loan-request-dialog";
import { useWizardParams } from "../features/loan-request/wizard-params";
import { MyLoansPage } from "../features/my-loans/components/my-loans-page";
import { MySetsPage } from "../features/my-sets/components/my-sets-page";
import { SetDrawer } from "../features/set-booking/components/set-drawer";
import { SetToolbarButton } from "../features/set-booking/components/set-toolbar-button";
import { StudentDashboardPage } from "../features/student-dashboard/components/student-dashboard-page";
import { StudentNotificationCenter } from "../features/student-notifications/components/student-notification-center";
import { SystemPage } from "../features/system/components/system-page";
import { WaitingListPage } from "../features/waiting-list/components/waiting-list-page";
import { type NavigationTarget, onNavigationRequest } from "../lib/navigation-event";
import { newRequestParams } from "../lib/request-wizard-link";
import { claimSetCart } from "../lib/set-cart";
import { setDrawerStepOf } from "../lib/set-drawer-link";
import { useSignedInUser } from "./session";
import { AppShell } from "./shell/app-shell";
import type { NavItem } from "./shell/nav-list";

/** The student's views, one history route each (listed in docs/decisions/state-in-the-address.md). */
const STUDENT_VIEWS: NavItem[] = [
  { key: "dashboard", href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { key: "miei-prestiti", href: "/miei-prestiti", label: "I Miei Prestiti", icon: ClipboardList },
  { key: "mie-prenotazioni", href: "/mie-prenotazioni", label: "Le mie prenotazioni", icon: ListChecks },
  { key: "attese", href: "/attese", label: "In coda", icon: Hourglass },
  { key: "articoli", href: "/articoli", label: "Articoli Disponibili", icon: PackageSearch },
  { key: "segnalazioni", href: "/segnalazioni", label: "Segnala Guasto", icon: TriangleAlert },
];

/** Where each in-app navigation target leads a student (targets with no student view are ignored). */
const TARGET_PATHS: Partial<Record<NavigationTarget, string>> = {
  dashboard: "/dashboard",
  prestiti: "/miei-prestiti",
  richieste: "/miei-prestiti",
  inventario: "/articoli",
  segnalazioni: "/segnalazioni",
  sistema: "/sistema",
};

/** The student area: history routes for every view; unknown paths fall back to the dashboard. */
export function StudentArea() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The wizard opens over the current view, its state in the address.
  const openRequest = (itemId?: number) => navigate({ pathname, search: newRequestParams(itemId).toString() });
  const dashboard = (
    <>
      <ChooseCourseCard />
      <StudentDashboardPage user={user} onNewRequest={() => openRequest()} />
    </>
  );
  return (
    <Routes>
      <Route element={<StudentLayout />}>
        <Route index element={dashboard} />
        <Route path="dashboard" element={dashboard} />
        <Route path="miei-prestiti" element={<MyLoansPage onNewRequest={() => openRequest()} />} />
        <Route path="mie-prenotazioni" element={<MySetsPage />} />
        <Route path="attese" element={<WaitingListPage />} />
        <Route path="articoli" element={<AvailableItemsPage onRequestItem={openRequest} />} />
        <Route path="inventario/:id" element={<ItemPage isDesk={false} onRequestItem={openRequest} />} />
        <Route path="segnalazioni" element={<ReportFaultPage />} />
        <Route path="sistema" element={<SystemPage />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}

function StudentLayout() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const wizard = useWizardParams();
  const [params] = useSearchParams();
  // Before the first render: a set left on this browser by another student is never shown.
  useState(() => claimSetCart(user.id));
  const section = pathname.split("/")[1] || "dashboard";
  const title =
    STUDENT_VIEWS.find((view) => view.key === section)?.label ?? (section === "inventario" ? "Articolo" : "Sistema");

  // Subscribed before the first paint, so a request raised by the first screen's buttons is never missed.
  useLayoutEffect(
    () =>
      onNavigationRequest((target) => {
        const path = TARGET_PATHS[target];
        if (path) navigate(path);
      }),
    [navigate],
  );

  return (
    <AppShell
      items={STUDENT_VIEWS}
      activeKey={section === "inventario" ? "articoli" : section}
      title={title}
      toolbar={
        <>
          <SetToolbarButton />
          <StudentNotificationCenter key={user.id} />
        </>
      }
    >
      <Outlet />
      {wizard.open && <LoanRequestDialog user={user} />}
      {setDrawerStepOf(params) && <SetDrawer />}
    </AppShell>
  );
}
