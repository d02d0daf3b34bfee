import { Boxes, Menu } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useServiceName } from "../../api/system";
import { Modal } from "../../components/modal";
import { ChangePasswordDialog } from "../../features/account/components/change-password-dialog";
import { useSession, useSignedInUser } from "../session";
import { AccountActions } from "./account-actions";
import { AppFooter } from "./app-footer";
import { type NavItem, NavList } from "./nav-list";
import { UserSummary } from "./user-summary";

interface AppShellProps {
  items: NavItem[];
  activeKey: string;
  /** The current page's name, shown in the browser tab. */
  title: string;
  /** Called when an item without `href` (or any item of the mobile menu) is chosen. */
  onSelect?: (key: string) => void;
  /** Controls at the right of the header (the desk's notification bell); the header then shows on desktop too. */
  toolbar?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every signed-in screen: a fixed sidebar from 1024 px up; below it a header with a
 * menu button that opens a bottom sheet.
 */
export function AppShell({ items, activeKey, title, onSelect = () => {}, toolbar, children }: AppShellProps) {
  const user = useSignedInUser();
  const { signIn, signOut } = useSession();
  const serviceName = useServiceName();
  const [menuOpen, setMenuOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);

  useEffect(() => {
    document.title = `${title} · ${serviceName}`;
  }, [title, serviceName]);

  function selectFromMenu(key: string) {
    setMenuOpen(false);
    onSelect(key);
  }

  function changePasswordFromMenu() {
    setMenuOpen(false);
    setChangingPassword(true);
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <a
        href="#contenuto"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:shadow"
      >
        Vai al contenuto
      </a>

      <aside className="palette-fixed fixed inset-y-0 left-0 z-30 hidden w-64 flex-col bg-slate-900 lg:flex">
        <div className="flex h-16 items-center gap-3 px-6">
          <Brand name={serviceName} />
        </div>
        <nav aria-label="Navigazione principale" className="flex-1 overflow-y-auto px-3 py-4">
          <NavList
            items={items.filter((item) => !item.mobileOnly)}
            activeKey={activeKey}
            onSelect={onSelect}
            tone="dark"
          />
        </nav>
        <div className="space-y-3 border-t border-slate-800 p-4">
          <UserSummary user={user} tone="dark" />
          <AccountActions tone="dark" onChangePassword={() => setChangingPassword(true)} onSignOut={signOut} />
        </div>
      </aside>

      <div className="flex min-h-dvh flex-col lg:pl-64">
        <header
          className={`sticky top-0 z-20 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:px-8 ${toolbar ? "" : "lg:hidden"}`}
        >
          <div className="flex min-w-0 items-center gap-2 lg:hidden">
            <div className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
              <Boxes className="size-4" aria-hidden="true" />
            </div>
            <p className="truncate text-sm font-semibold text-slate-900">{serviceName}</p>
          </div>
          {toolbar && <p className="hidden truncate text-sm font-medium text-slate-500 lg:block">{title}</p>}
          <div className="flex shrink-0 items-center gap-1">
            {toolbar}
            <button
              type="button"
              onClick={() => setMenuOpen(true)}
              aria-label="Apri menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
            >
              <Menu className="size-5" aria-hidden="true" />
            </button>
          </div>
        </header>

        <main id="contenuto" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
        <AppFooter />
      </div>

      {menuOpen && (
        <Modal title="Menu" placement="sheet" onClose={() => setMenuOpen(false)}>
          <div className="mb-4 rounded-xl bg-slate-50 p-3">
            <UserSummary user={user} tone="light" />
          </div>
          <nav aria-label="Menu di navigazione">
            <NavList items={items} activeKey={activeKey} onSelect={selectFromMenu} tone="light" />
          </nav>
          <AccountActions tone="light" onChangePassword={changePasswordFromMenu} onSignOut={signOut} />
        </Modal>
      )}
      {changingPassword && (
        <ChangePasswordDialog
          onChanged={(session) => signIn(session.token, session.user)}
          onClose={() => setChangingPassword(false)}
        />
      )}
    </div>
  );
}

function Brand({ name }: { name: string }) {
  return (
    <>
      <div className="flex size-9 items-center justify-center rounded-lg bg-indigo-600 text-white">
        <Boxes className="size-5" aria-hidden="true" />
      </div>
      <div className="min-w-0">
        <p className="truncate font-semibold text-white">{name}</p>
        <p className="text-xs text-slate-400">Prestiti attrezzature</p>
      </div>
    </>
  );
}
