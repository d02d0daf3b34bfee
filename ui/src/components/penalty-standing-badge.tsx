import { Ban, TriangleAlert } from "lucide-react";

const FRAME = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";

interface PenaltyStandingBadgeProps {
  strikes: number;
  blocked: boolean;
  /** Why the account is blocked, read on hover where the screen knows it. */
  blockedReason?: string | null;
  /** How the badge sits in its row (it may not shrink, say). */
  className?: string;
}

/** No badge without strikes; yellow at 1, orange from 2; a blocked account is red "BLOCCATO". */
export function PenaltyStandingBadge({ strikes, blocked, blockedReason, className = "" }: PenaltyStandingBadgeProps) {
  const frame = className ? `${FRAME} ${className}` : FRAME;
  if (blocked)
    return (
      <span className={`${frame} bg-red-50 text-red-700 ring-red-200`} title={blockedReason ?? undefined}>
        <Ban className="size-3" aria-hidden="true" />
        BLOCCATO
      </span>
    );
  if (strikes <= 0) return null;
  const tone =
    strikes >= 2 ? "bg-orange-50 text-orange-700 ring-orange-200" : "bg-yellow-50 text-yellow-800 ring-yellow-200";
  return (
    <span className={`${frame} ${tone}`}>
      <TriangleAlert className="size-3" aria-hidden="true" />
      {strikes} penalità
    </span>
  );
}
