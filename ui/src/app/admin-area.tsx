import {
  Activity,
  BarChart3,
  Boxes,
  CalendarDays,
  ClipboardList,
  LayoutDashboard,
  Package,
  ScanLine,
  Settings,
  Users,
  Wrench,
} from "lucide-react";
import { useLayoutEffect } from "react";
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from "react-router";
import { AdminDashboardPage } from "../features/admin-dashboard/components/admin-dashboard-page";
import { CounterPage } from "../features/counter/components/counter-page";
import { DeskCalendarPage } from "../features/desk-calendar/components/desk-calendar-page";
import { GlobalSearch } from "../features/global-search/components/global-search";
import { InventoryPage } from "../features/inventory/components/inventory-page";
import { ItemPage } from "../features/item-page/components/item-page";
import { KitsPage } from "../features/kits/components/kits-page";
import { LoansPage } from "../features/loans/components/loans-page";
import { NotificationCenter } from "../features/notifications/components/notification-center";
import { RepairsPage } from "../features/repairs/components/repairs-page";
import { SettingsPage } from "../features/settings/components/settings-page";
import { StatsPage } from "../features/stats/components/stats-page";
import { StudentDashboardPage } from "../features/student-dashboard/components/student-dashboard-page";
import { SystemPage } from "../features/system/components/system-page";
import { StudentPage } from "../features/users/components/student-page";
import { UsersPage } from "../features/users/components/users-page";
import { onDesktopNavigation } from "../lib/desktop-notification";
import { useLiveDesk } from "../lib/live-desk";
import { type NavigationTarget, onNavigationRequest, requestNavigation } from "../lib/navigation-event";
import { useSignedInUser } from "./session";
import { AppShell } from "./shell/app-shell";
import type { NavItem } from "./shell/nav-list";

const ADMIN_PAGES: NavItem[] = [
  { key: "dashboard", href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { key: "inventario", href: "/inventario", label: "Inventario", icon: Package },
  { key: "kit", href: "/kit", label: "Kit", icon: Boxes },
  { key: "prestiti", href: "/prestiti", label: "Prestiti", icon: ClipboardList },
  { key: "banco", href: "/banco", label: "Banco", icon: ScanLine },
  { key: "calendario", href: "/calendario", label: "Calendario", icon: CalendarDays },
  { key: "riparazioni", href: "/riparazioni", label: "Riparazioni", icon: Wrench },
  { key: "utenti", href: "/utenti", label: "Gestione Utenti", icon: Users },
  { key: "statistiche", href: "/statistiche", label: "Statistiche", icon: BarChart3 },
  { key: "impostazioni", href: "/impostazioni", label: "Impostazioni", icon: Settings },
  { key: "sistema", href: "/sistema", label: "Stato del Sistema", icon: Activity, mobileOnly: true },
];

/** Where each in-app navigation target leads an administrator. */
const TARGET_PATHS: Record<NavigationTarget, string> = {
  dashboard: "/dashboard",
  inventario: "/inventario",
  prestiti: "/prestiti",
  richieste: "/prestiti?tab=in_attesa",
  riparazioni: "/riparazioni",
  segnalazioni: "/riparazioni?tab=segnalazioni",
  utenti: "/utenti",
  statistiche: "/statistiche",
  sistema: "/sistema",
};

/** The administrator's screens, one history route each; unknown paths fall back to the dashboard. */
export function AdminArea() {
  const user = useSignedInUser();
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminDashboardPage />} />
        <Route path="dashboard" element={<AdminDashboardPage />} />
        <Route path="inventario" element={<InventoryPage />} />
        <Route path="inventario/:id" element={<ItemPage isDesk />} />
        <Route path="kit" element={<KitsPage />} />
        <Route path="prestiti" element={<LoansPage />} />
        <Route path="banco" element={<CounterPage />} />
        <Route path="riparazioni" element={<RepairsPage />} />
        <Route path="utenti" element={<UsersPage />} />
        <Route path="utenti/:id" element={<StudentPage />} />
        <Route path="calendario" element={<DeskCalendarPage />} />
        <Route path="statistiche" element={<StatsPage />} />
        <Route path="sistema" element={<SystemPage />} />
        <Route path="impostazioni" element={<SettingsPage />} />
        <Route path="utente" element={<StudentDashboardPage user={user} />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}

function AdminLayout() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const section = pathname.split("/")[1] || "dashboard";
  const title = ADMIN_PAGES.find((page) => page.key === section)?.label ?? "Area Utente";

  // Both subscribed as the screen commits, so a request or a worker's message arriving right after it
  // appears is never missed (a passive effect runs later, and a message posted before it was lost).
  useLayoutEffect(() => onNavigationRequest((target) => navigate(TARGET_PATHS[target])), [navigate]);
  // A click on a desktop notification (or a page opened on its `#target`) leads to its screen.
  useLayoutEffect(() => onDesktopNavigation(requestNavigation), []);
  useLiveDesk();

  return (
    <AppShell
      items={ADMIN_PAGES}
      activeKey={section}
      title={title}
      toolbar={
        <>
          <GlobalSearch />
          <NotificationCenter key={user.id} userId={user.id} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}
