import { KeyRound, Pencil, ShieldAlert, ShieldCheck, Trash2 } from "lucide-react";
import { Button } from "../../../components/button";
import { fullName, isAdmin } from "../../../lib/user";
import { PenaltyBadge } from "./penalty-badge";
import { RoleBadge } from "./role-badge";
import { Avatar, UserName } from "./user-identity";
import type { UserRowsProps } from "./user-list";

/** The users below the `md` breakpoint: a card each, with its details and labelled action buttons. */
export function UserCards({ users, onEdit, onResetPassword, onDelete, onPenalties }: UserRowsProps) {
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
