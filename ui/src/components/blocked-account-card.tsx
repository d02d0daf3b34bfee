import { Ban } from "lucide-react";
import { type ReactNode, useId } from "react";

interface BlockedAccountCardProps {
  /** What the block means for the student (the server's message when it sent one). */
  message: string;
  reason: string | null;
  strikes: number;
  helpMessage: string;
  children?: ReactNode;
}

/** "Account Bloccato": why the student cannot request loans and how to get unblocked. */
export function BlockedAccountCard({ message, reason, strikes, helpMessage, children }: BlockedAccountCardProps) {
  const titleId = useId();
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900"
    >
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
          <Ban className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={titleId} className="text-base font-semibold text-red-800">
            Account Bloccato
          </h2>
          <p className="text-sm">{message}</p>
          <dl className="space-y-1 text-sm">
            {reason && (
              <div>
                <dt className="inline font-semibold">Motivo: </dt>
                <dd className="inline">{reason}</dd>
              </div>
            )}
            <div>
              <dt className="inline font-semibold">Penalità accumulate: </dt>
              <dd className="inline">{strikes} strike</dd>
            </div>
          </dl>
          <p className="rounded-lg bg-white/70 px-3 py-2 text-sm text-red-800">{helpMessage}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
