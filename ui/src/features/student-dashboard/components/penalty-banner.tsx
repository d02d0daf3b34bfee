import { UNBLOCK_HELP } from "../../../../../src/domain/loan-rules";
import { BlockedAccountCard } from "../../../components/blocked-account-card";
import { StrikeBadge } from "./strike-badge";

interface PenaltyBannerProps {
  strikes: number;
  blocked: boolean;
  blockedReason: string | null;
  /** The academy's `soglia_blocco`: the strikes that block the account. */
  blockAt: number;
}

/**
 * The student's standing: nothing without strikes, a yellow note below the warning, an orange warning one
 * strike before the academy's threshold (one more late return blocks the account), the "Account
 * Bloccato" card once blocked.
 */
export function PenaltyBanner({ strikes, blocked, blockedReason, blockAt }: PenaltyBannerProps) {
  if (blocked)
    return (
      <BlockedAccountCard
        message="Il tuo account è bloccato: non puoi fare nuove richieste di prestito."
        reason={blockedReason}
        strikes={strikes}
        helpMessage={UNBLOCK_HELP}
      />
    );
  if (strikes <= 0) return null;
  const warning = strikes >= blockAt - 1;
  return (
    <section
      aria-label="Penalità"
      className={`rounded-xl border p-4 ${
        warning ? "border-orange-200 bg-orange-50 text-orange-900" : "border-yellow-200 bg-yellow-50 text-yellow-900"
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <StrikeBadge strikes={strikes} blocked={false} />
        <h2 className="text-sm font-semibold">
          {warning
            ? `Attenzione: hai ${strikes} penalità per ritardi nella restituzione`
            : strikes === 1
              ? "Hai 1 penalità per un ritardo nella restituzione"
              : `Hai ${strikes} penalità per ritardi nella restituzione`}
        </h2>
      </div>
      <p className="mt-2 text-sm">
        {warning
          ? "Un altro ritardo nella restituzione bloccherà automaticamente il tuo account."
          : `Restituisci sempre entro la scadenza: con ${blockAt} strike l'account viene bloccato.`}
      </p>
    </section>
  );
}
