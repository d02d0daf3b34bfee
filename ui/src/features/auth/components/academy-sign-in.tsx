import { University } from "lucide-react";
import { useEffect, useState } from "react";
import { ACADEMY_SIGN_IN_START, takeAcademyReturn, useAcademySession } from "../../../api/academy-sign-in";
import { Alert } from "../../../components/alert";
import type { User } from "../../../lib/user";

/**
 * The academy's sign-in button (above the password form), and the end of its round trip: the session's
 * one-time code exchanged for the session the UI keeps, or the reason it was refused.
 */
export function AcademySignIn({
  label,
  onSignedIn,
}: {
  label: string | null;
  onSignedIn: (token: string, user: User) => void;
}) {
  const [returned] = useState(takeAcademyReturn);
  const session = useAcademySession();
  const { mutate } = session;
  useEffect(() => {
    if (returned.code) mutate(returned.code, { onSuccess: ({ token, user }) => onSignedIn(token, user) });
  }, [returned.code, mutate, onSignedIn]);
  const refused = returned.refused ?? session.error?.message ?? null;
  return (
    <div className="space-y-3">
      {refused && <Alert tone="error">{refused}</Alert>}
      {returned.code && session.isPending && <p className="text-sm text-slate-600">Accesso in corso...</p>}
      {label && (
        <a
          href={ACADEMY_SIGN_IN_START}
          className="flex w-full items-center justify-center gap-2 rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-800"
        >
          <University aria-hidden="true" className="h-4 w-4" />
          {label}
        </a>
      )}
    </div>
  );
}
