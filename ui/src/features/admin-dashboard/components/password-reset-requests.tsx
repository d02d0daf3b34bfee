import { Clock, KeyRound, RefreshCw } from "lucide-react";
import { useState } from "react";
import { type PasswordResetRequest, usePasswordResetRequests } from "../../../api/auth";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { RelativeTime } from "../../../components/relative-time";
import { LoadingState } from "../../../components/spinner";
import { ResetPasswordDialog } from "./reset-password-dialog";

/** Students who forgot their password; the desk sets a new one and tells them in person. */
export function PasswordResetRequests() {
  const requests = usePasswordResetRequests();
  const [selected, setSelected] = useState<PasswordResetRequest | null>(null);
  const count = requests.data?.length ?? 0;

  return (
    <section aria-labelledby="reset-requests-title" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-center justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="flex items-center gap-3">
          <div className="flex size-9 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
            <KeyRound className="size-5" aria-hidden="true" />
          </div>
          <h2 id="reset-requests-title" className="font-semibold text-slate-900">
            Richieste di reset password
          </h2>
        </div>
        {count > 0 && (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800">
            {count} in attesa
          </span>
        )}
      </header>

      {requests.isPending && <LoadingState />}
      {requests.isError && (
        <div className="p-5">
          <Alert
            tone="error"
            action={
              <Button variant="ghost" icon={RefreshCw} onClick={() => requests.refetch()} className="-my-1.5 py-1.5">
                Riprova
              </Button>
            }
          >
            {requests.error.message}
          </Alert>
        </div>
      )}
      {requests.isSuccess && count === 0 && (
        <EmptyState
          icon={KeyRound}
          title="Nessuna richiesta in attesa"
          text="Quando uno studente dimentica la password, la sua richiesta compare qui."
        />
      )}
      {requests.isSuccess && count > 0 && (
        <ul className="divide-y divide-slate-100">
          {requests.data.map((request) => (
            <li key={request.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {request.user_name} {request.user_surname}
                </p>
                <p className="truncate text-sm text-slate-500">{request.user_email}</p>
                <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
                  <Clock className="size-3.5" aria-hidden="true" />
                  <RelativeTime value={request.requested_at} />
                </p>
              </div>
              <Button variant="secondary" icon={KeyRound} onClick={() => setSelected(request)}>
                Gestisci
              </Button>
            </li>
          ))}
        </ul>
      )}

      {selected && <ResetPasswordDialog request={selected} onClose={() => setSelected(null)} />}
    </section>
  );
}
