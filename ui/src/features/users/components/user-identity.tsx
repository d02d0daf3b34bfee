import { StudentLink } from "../../../components/entity-links";
import { fullName, initials, isAdmin, type User } from "../../../lib/user";

/** A student's name leads to their page; an administrator has none. */
export function UserName({ user }: { user: User }) {
  if (isAdmin(user)) return <span className="font-medium text-slate-900">{fullName(user)}</span>;
  return <StudentLink id={user.id} name={fullName(user)} className="font-medium text-slate-900" />;
}

/** The user's initials in a circle, beside their name. */
export function Avatar({ user }: { user: User }) {
  return (
    <div
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
    >
      {initials(user)}
    </div>
  );
}
