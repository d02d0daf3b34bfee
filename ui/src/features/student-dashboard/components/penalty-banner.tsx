import { BLOCK_AT_STRIKES, UNBLOCK_HELP, WARN_AT_STRIKES } from "../../../../../src/domain/loan-rules";
import { BlockedAccountCard } from "../../../components/blocked-account-card";
import { StrikeBadge } from "./strike-badge";

interface PenaltyBannerProps {
  strikes: number;
  blocked: boolean;
  blockedReason: string | null;
}

/**
 * The student's standing: nothing without strikes, a yellow note at 1, an orange warning from 2 (one
 * more late return blocks the account), the "Account Bloccato" card once blocked.
 */
export function PenaltyBanner({ strikes, blocked, blockedReason }: PenaltyBannerProps) {
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
  const warning = strikes >= WARN_AT_STRIKES;
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
            : "Hai 1 penalità per un ritardo nella restituzione"}
        </h2>
      </div>
      <p className="mt-2 text-sm">
        {warning
          ? "Un altro ritardo nella restituzione bloccherà automaticamente il tuo account."
          : `Restituisci sempre entro la scadenza: con ${BLOCK_AT_STRIKES} strike l'account viene bloccato.`}
      </p>
    </section>
  );
}
