import { KeyRound, Pencil, ShieldAlert, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button, IconButton } from "../../../components/button";
import { StudentLink } from "../../../components/entity-links";
import { fullName, initials, isAdmin, type User } from "../../../lib/user";
import { PenaltyBadge } from "./penalty-badge";
import { PenaltyModal } from "./penalty-modal";
import { RoleBadge } from "./role-badge";

export interface UserActions {
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  onDelete: (user: User) => void;
}

interface UserListProps extends UserActions {
  users: User[];
}

interface RowActions extends UserListProps {
  onPenalties: (user: User) => void;
}

// Administrator accounts cannot be deleted and have no penalties, so they get neither button.

/** A table from the `md` breakpoint up, cards below it; students' penalties open in a dialog. */
export function UserList(props: UserListProps) {
  const [penaltiesOf, setPenaltiesOf] = useState<User | null>(null);
  return (
    <>
      <UserTable {...props} onPenalties={setPenaltiesOf} />
      <UserCards {...props} onPenalties={setPenaltiesOf} />
      {penaltiesOf && <PenaltyModal user={penaltiesOf} onClose={() => setPenaltiesOf(null)} />}
    </>
  );
}

/** A student's name leads to their page; an administrator has none. */
function UserName({ user }: { user: User }) {
  if (isAdmin(user)) return <span className="font-medium text-slate-900">{fullName(user)}</span>;
  return <StudentLink id={user.id} name={fullName(user)} className="font-medium text-slate-900" />;
}

function Avatar({ user }: { user: User }) {
  return (
    <div
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
    >
      {initials(user)}
    </div>
  );
}

function UserTable({ users, onEdit, onResetPassword, onDelete, onPenalties }: RowActions) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3">
              Nome
            </th>
            <th scope="col" className="px-5 py-3">
              Email
            </th>
            <th scope="col" className="px-5 py-3">
              Corso
            </th>
            <th scope="col" className="px-5 py-3">
              Ruolo
            </th>
            <th scope="col" className="px-5 py-3 text-right">
              Azioni
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-slate-50/60">
              <td className="px-5 py-3">
                <div className="flex items-center gap-3">
                  <Avatar user={user} />
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <UserName user={user} />
                      <PenaltyBadge user={user} />
                    </div>
                    {user.matricola && <p className="text-xs text-slate-500">Matricola {user.matricola}</p>}
                  </div>
                </div>
              </td>
              <td className="px-5 py-3 text-slate-600">{user.email}</td>
              <td className="px-5 py-3 text-slate-600">{user.corso_accademico ?? "—"}</td>
              <td className="px-5 py-3">
                <RoleBadge user={user} />
              </td>
              <td className="px-5 py-3">
                <div className="flex justify-end gap-1">
                  <IconButton icon={Pencil} label={`Modifica ${fullName(user)}`} onClick={() => onEdit(user)} />
                  <IconButton
                    icon={KeyRound}
                    label={`Reimposta password di ${fullName(user)}`}
                    onClick={() => onResetPassword(user)}
                  />
                  {!isAdmin(user) && (
                    <IconButton
                      icon={ShieldAlert}
                      label={`Penalità di ${fullName(user)}`}
                      onClick={() => onPenalties(user)}
                    />
                  )}
                  {!isAdmin(user) && (
                    <IconButton
                      icon={Trash2}
                      tone="danger"
                      label={`Elimina ${fullName(user)}`}
                      onClick={() => onDelete(user)}
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users, onEdit, onResetPassword, onDelete, onPenalties }: RowActions) {
  return (
    <ul aria-label="Elenco utenti" className="divide-y divide-slate-100 md:hidden">
      {users.map((user) => (
        <li key={user.id} className="px-4 py-4">
          <div className="flex items-start gap-3">
            <Avatar user={user} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <UserName user={user} />
                <RoleBadge user={user} />
                <PenaltyBadge user={user} />
              </div>
              <p className="truncate text-sm text-slate-500">{user.email}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
                <dt className="text-slate-500">Matricola</dt>
                <dd className="text-slate-700">{user.matricola ?? "—"}</dd>
                <dt className="text-slate-500">Corso</dt>
                <dd className="text-slate-700">{user.corso_accademico ?? "—"}</dd>
                <dt className="text-slate-500">Telefono</dt>
                <dd className="text-slate-700">{user.phone ?? "—"}</dd>
              </dl>
            </div>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              icon={Pencil}
              onClick={() => onEdit(user)}
              aria-label={`Modifica ${fullName(user)}`}
              className="px-2 py-2"
            >
              Modifica
            </Button>
            <Button
              variant="secondary"
              icon={KeyRound}
              onClick={() => onResetPassword(user)}
              aria-label={`Reimposta password di ${fullName(user)}`}
              className="px-2 py-2"
            >
              Password
            </Button>
            {!isAdmin(user) && (
              <Button
                variant="secondary"
                icon={ShieldAlert}
                onClick={() => onPenalties(user)}
                aria-label={`Penalità di ${fullName(user)}`}
                className="px-2 py-2"
              >
                Penalità
              </Button>
            )}
            {!isAdmin(user) && (
              <Button
                variant="secondary"
                icon={Trash2}
                onClick={() => onDelete(user)}
                aria-label={`Elimina ${fullName(user)}`}
                className="px-2 py-2 text-red-600"
              >
                Elimina
              </Button>
            )}
          </div>
          {isAdmin(user) && (
            <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              Gli amministratori non possono essere eliminati.
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
