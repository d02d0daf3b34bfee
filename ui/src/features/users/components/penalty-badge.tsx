import { PenaltyStandingBadge } from "../../../components/penalty-standing-badge";
import type { User } from "../../../lib/user";

/** A user's strikes or block, the block's reason on hover. */
export function PenaltyBadge({ user }: { user: Pick<User, "penalty_strikes" | "is_blocked" | "blocked_reason"> }) {
  return (
    <PenaltyStandingBadge
      strikes={user.penalty_strikes}
      blocked={user.is_blocked}
      blockedReason={user.blocked_reason}
    />
  );
}
