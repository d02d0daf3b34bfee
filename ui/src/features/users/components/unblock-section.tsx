import { LockOpen, RotateCcw } from "lucide-react";
import { useUnblockUser } from "../../../api/penalties";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useToast } from "../../../components/toast";
import type { User } from "../../../lib/user";
import { PenaltyBadge } from "./penalty-badge";
import { refusalOf } from "./refusal";

/** A student's strikes and block, with the two ways to unblock: keeping the strikes or resetting them. */
export function UnblockSection({
  userId,
  standing,
}: {
  userId: number;
  standing: Pick<User, "penalty_strikes" | "is_blocked" | "blocked_reason">;
}) {
  const unblock = useUnblockUser();
  const showToast = useToast();

  function run(resetStrikes: boolean) {
    unblock.mutate(
      { userId, resetStrikes },
      { onSuccess: (answer) => showToast(answer.message || "Utente sbloccato") },
    );
  }

  const error = refusalOf(unblock.error, "Errore nello sblocco utente");
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-600">
          Penalità attive: <span className="font-semibold text-slate-900">{standing.penalty_strikes}</span>
        </p>
        <PenaltyBadge user={standing} />
      </div>

      {standing.is_blocked && (
        <Alert tone="error">
          <p className="font-semibold">BLOCCATO</p>
          <p className="mt-0.5">
            <span className="font-medium">Motivo:</span> {standing.blocked_reason ?? "Non specificata"}
          </p>
          <p className="mt-0.5">L'utente non può fare richieste finché non viene sbloccato di persona.</p>
        </Alert>
      )}

      {error && <Alert tone="error">{error}</Alert>}

      {(standing.is_blocked || standing.penalty_strikes > 0) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {standing.is_blocked && (
            <Button
              variant="secondary"
              icon={LockOpen}
              busy={unblock.isPending && !unblock.variables?.resetStrikes}
              onClick={() => run(false)}
            >
              Sblocca mantenendo le penalità
            </Button>
          )}
          <Button
            icon={RotateCcw}
            busy={unblock.isPending && unblock.variables?.resetStrikes === true}
            onClick={() => run(true)}
          >
            {standing.is_blocked ? "Sblocca e azzera le penalità" : "Azzera le penalità"}
          </Button>
        </div>
      )}
    </>
  );
}
