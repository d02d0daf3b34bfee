import { IconButton } from "../../../components/button";
import { ColumnHeadings } from "../../../components/column-headings";
import { PenaltyBadge } from "./penalty-badge";
import { RoleBadge } from "./role-badge";
import { Avatar, UserName } from "./user-identity";
import { type UserRowsProps, userRowActions } from "./user-row-actions";

/** The users from the `md` breakpoint up: one row each, the actions as icon buttons at its end. */
export function UserTable({ users, ...actions }: UserRowsProps) {
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <ColumnHeadings
            cellClassName="px-5 py-3"
            columns={["Nome", "Email", "Corso", "Ruolo", { label: "Azioni", className: "text-right" }]}
          />
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
                  {userRowActions(user, actions).map((action) => (
                    <IconButton
                      key={action.text}
                      icon={action.icon}
                      tone={action.danger ? "danger" : undefined}
                      label={action.label}
                      onClick={action.run}
                    />
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
