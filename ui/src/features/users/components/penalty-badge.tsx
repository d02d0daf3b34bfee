import { Ban, TriangleAlert } from "lucide-react";
import type { User } from "../../../lib/user";

/** No badge without strikes; yellow at 1, orange from 2; a blocked account is red "BLOCCATO". */
export function PenaltyBadge({ user }: { user: Pick<User, "penalty_strikes" | "is_blocked" | "blocked_reason"> }) {
  const base = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset";
  if (user.is_blocked)
    return (
      <span className={`${base} bg-red-50 text-red-700 ring-red-200`} title={user.blocked_reason ?? undefined}>
        <Ban className="size-3" aria-hidden="true" />
        BLOCCATO
      </span>
    );
  const strikes = user.penalty_strikes;
  if (strikes <= 0) return null;
  const colors =
    strikes >= 2 ? "bg-orange-50 text-orange-700 ring-orange-200" : "bg-yellow-50 text-yellow-800 ring-yellow-200";
  return (
    <span className={`${base} ${colors}`}>
      <TriangleAlert className="size-3" aria-hidden="true" />
      {strikes} penalità
    </span>
  );
}
