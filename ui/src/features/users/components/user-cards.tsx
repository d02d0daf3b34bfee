import { ShieldCheck } from "lucide-react";
import { Button } from "../../../components/button";
import { isAdmin } from "../../../lib/user";
import { PenaltyBadge } from "./penalty-badge";
import { RoleBadge } from "./role-badge";
import { Avatar, UserName } from "./user-identity";
import { type UserRowsProps, userRowActions } from "./user-row-actions";

/** The users below the `md` breakpoint: a card each, with its details and labelled action buttons. */
export function UserCards({ users, ...actions }: UserRowsProps) {
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
            {userRowActions(user, actions).map((action) => (
              <Button
                key={action.text}
                variant="secondary"
                icon={action.icon}
                onClick={action.run}
                aria-label={action.label}
                className={action.danger ? "px-2 py-2 text-red-600" : "px-2 py-2"}
              >
                {action.text}
              </Button>
            ))}
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
