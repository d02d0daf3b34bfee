import { UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { type UserRole, useDeleteUser, useUserPages } from "../../../api/users";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { Loaded } from "../../../components/loaded";
import { PageHeader } from "../../../components/page-header";
import { SearchField } from "../../../components/search-field";
import { ShowMorePages } from "../../../components/show-more";
import { TabList, TabPanel } from "../../../components/tab-list";
import { useToast } from "../../../components/toast";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { fullName, type User } from "../../../lib/user";
import { EditUserModal } from "./edit-user-modal";
import { NewUserModal } from "./new-user-modal";
import { ResetUserPasswordModal } from "./reset-user-password-modal";
import { UserList } from "./user-list";

type Tab = "users" | "admins";

const TABS: { key: Tab; label: string; role: UserRole }[] = [
  { key: "users", label: "Utenti", role: "user" },
  { key: "admins", label: "Amministratori", role: "admin" },
];

const EMPTY_TEXT: Record<Tab, string> = {
  users: "Nessun utente trovato",
  admins: "Nessun amministratore trovato",
};

/** The dialog open over the list, if any. */
type OpenDialog =
  | { kind: "new" }
  | { kind: "edit"; user: User }
  | { kind: "reset-password"; user: User }
  | { kind: "delete"; user: User };

/** Typing asks the server once it pauses, not at every key. */
const SEARCH_DELAY_MS = 250;

/** Students and administrators, a tab at a time, searched and paged on the server. */
export function UsersPage() {
  const deleteUser = useDeleteUser();
  const showToast = useToast();
  const [tab, setTab] = useState<Tab>("users");
  // The global search links here with `?cerca=` to show the student it found.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("cerca") ?? "");
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const term = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const selectedTab = TABS.find((entry) => entry.key === tab);
  const role = selectedTab?.role ?? "user";
  const tabLabel = selectedTab?.label ?? "";
  const users = useUserPages(role, term);
  const shown = users.data?.pages.flatMap((page) => page.elementi) ?? [];
  const firstPage = users.data?.pages[0];
  const total = firstPage?.totale ?? 0;

  function confirmDelete(user: User) {
    deleteUser.mutate(user.id, {
      onSuccess: () => showToast(`${fullName(user)} è stato eliminato`),
      onError: (error) => showToast(error.message, "error"),
      onSettled: () => setDialog(null),
    });
  }

  return (
    <>
      <PageHeader
        title="Gestione Utenti"
        description="Studenti e personale che usano il servizio prestiti."
        actions={
          <Button icon={UserPlus} onClick={() => setDialog({ kind: "new" })}>
            Nuovo Utente
          </Button>
        }
      />

      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center sm:justify-between">
          <TabList
            label="Tipo di account"
            idPrefix="tab"
            panelId="users-panel"
            tabs={TABS.map((entry) => ({
              key: entry.key,
              label: entry.label,
              count: firstPage?.per_ruolo[entry.role] ?? 0,
            }))}
            selected={tab}
            onSelect={setTab}
            className="flex gap-1 rounded-lg bg-slate-100 p-1"
            tabClassName="flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 sm:flex-none"
          />
          <SearchField
            id="users-search"
            label="Cerca utenti"
            placeholder="Nome, email o matricola"
            value={search}
            onChange={setSearch}
            className="sm:w-72"
          />
        </div>

        <TabPanel id="users-panel" tabId={`tab-${tab}`} title={tabLabel}>
          <Loaded query={users} loading="Caricamento utenti..." error="Errore nel caricamento utenti" inset>
            {shown.length === 0 ? (
              <EmptyState
                icon={Users}
                title={EMPTY_TEXT[tab]}
                text={term ? "Prova a cercare con altre parole." : undefined}
              />
            ) : (
              <>
                <UserList
                  users={shown}
                  onEdit={(user) => setDialog({ kind: "edit", user })}
                  onResetPassword={(user) => setDialog({ kind: "reset-password", user })}
                  onDelete={(user) => setDialog({ kind: "delete", user })}
                />
                <ShowMorePages pages={users} shown={shown.length} total={total} />
              </>
            )}
          </Loaded>
        </TabPanel>
      </section>

      {dialog?.kind === "new" && <NewUserModal onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <EditUserModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === "reset-password" && (
        <ResetUserPasswordModal user={dialog.user} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmDialog
          title="Elimina utente"
          description={`${fullName(dialog.user)} · ${dialog.user.email}`}
          message="Sei sicuro di voler eliminare questo utente?"
          confirmLabel="Elimina"
          busy={deleteUser.isPending}
          onConfirm={() => confirmDelete(dialog.user)}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
