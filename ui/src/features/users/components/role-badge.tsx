import { isAdmin, roleLabel, type User } from "../../../lib/user";

export function RoleBadge({ user }: { user: User }) {
  const colors = isAdmin(user)
    ? "bg-indigo-50 text-indigo-700 ring-indigo-200"
    : "bg-slate-100 text-slate-700 ring-slate-200";
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${colors}`}>
      {roleLabel(user)}
    </span>
  );
}
