import { Hourglass } from "lucide-react";
import { Button } from "../../../components/button";

/** "1 richiesta e 2 proroghe in attesa di approvazione". */
function pendingText({ requests, extensions }: { requests: number; extensions: number }): string {
  const parts = [
    requests > 0 && (requests === 1 ? "1 richiesta" : `${requests} richieste`),
    extensions > 0 && (extensions === 1 ? "1 proroga" : `${extensions} proroghe`),
  ].filter(Boolean);
  return `${parts.join(" e ")} in attesa di approvazione`;
}

export function PendingBanner({
  pending,
  onShow,
}: {
  pending: { requests: number; extensions: number };
  onShow: () => void;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm font-medium text-amber-900">
        <Hourglass className="size-4 shrink-0" aria-hidden="true" />
        {pendingText(pending)}
      </p>
      <Button variant="secondary" onClick={onShow} className="py-2">
        Visualizza richieste
      </Button>
    </div>
  );
}
