import { fullName, initials, isAdmin, roleLabel, type User } from "../../lib/user";

/** Initials, full name, role label and — for administrators — the email address. */
export function UserSummary({ user, tone }: { user: User; tone: "dark" | "light" }) {
  const dark = tone === "dark";
  return (
    <div className="flex min-w-0 items-center gap-3">
      <div
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-500 text-sm font-semibold text-white"
      >
        {initials(user)}
      </div>
      <div className="min-w-0">
        <p className={`text-sm font-medium ${dark ? "text-white" : "text-slate-900"}`}>{fullName(user)}</p>
        <p className={`text-xs ${dark ? "text-indigo-300" : "text-indigo-600"}`}>{roleLabel(user)}</p>
        {isAdmin(user) && (
          <p className={`truncate text-xs ${dark ? "text-slate-400" : "text-slate-500"}`}>{user.email}</p>
        )}
      </div>
    </div>
  );
}
