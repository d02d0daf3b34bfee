import { CalendarSync, Copy, Link2Off } from "lucide-react";
import { useId } from "react";
import { useCalendarFeed, useRevokeCalendarFeed } from "../api/calendario";
import { ApiError } from "../lib/api";
import { Alert } from "./alert";
import { Button } from "./button";
import { LoadingState } from "./spinner";
import { useToast } from "./toast";

/**
 * The person's private calendar link: copy it into a calendar application (Google Calendar, Outlook, the
 * phone's) to see the loans and their due dates there; revoke it when it has been shared by mistake.
 */
export function CalendarFeedCard({ title, description }: { title: string; description: string }) {
  const feed = useCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const showToast = useToast();
  const fieldId = useId();

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      showToast("Link del calendario copiato");
    } catch {
      showToast("Copia non riuscita: seleziona il link e copialo a mano", "error");
    }
  }

  function revokeLink() {
    revoke.mutate(undefined, {
      onSuccess: (answer) => showToast(answer.message),
      onError: (error) => showToast(error instanceof ApiError ? error.message : "Revoca non riuscita", "error"),
    });
  }

  return (
    <section aria-labelledby={`${fieldId}-title`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${fieldId}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarSync className="size-4 text-indigo-600" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      {feed.isPending && <LoadingState label="Caricamento link del calendario..." />}
      {feed.isError && <Alert tone="error">{feed.error.message}</Alert>}
      {feed.data && (
        <div className="mt-3 space-y-2">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-700">
            Link privato del calendario
          </label>
          <input
            id={fieldId}
            readOnly
            value={feed.data.url}
            onFocus={(event) => event.target.select()}
            className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" icon={Copy} onClick={() => copy(feed.data.url)} className="px-3 py-2">
              Copia link
            </Button>
            <Button
              variant="secondary"
              icon={Link2Off}
              busy={revoke.isPending}
              onClick={revokeLink}
              className="px-3 py-2"
            >
              Revoca link
            </Button>
          </div>
          <p className="text-xs text-slate-500">
            Chi ha il link vede il calendario: non condividerlo. Revocandolo, quello vecchio smette di funzionare.
          </p>
        </div>
      )}
    </section>
  );
}
