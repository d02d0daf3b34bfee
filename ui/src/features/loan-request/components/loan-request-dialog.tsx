import { ArrowLeft, ArrowRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { DATE_MESSAGES, UNBLOCK_HELP } from "../../../../../src/domain/loan-rules";
import { type CatalogueItem, useRequestableItems } from "../../../api/inventario";
import { useServerToday } from "../../../api/system";
import { BlockedAccountCard } from "../../../components/blocked-account-card";
import { Button } from "../../../components/button";
import { useDisabledReason } from "../../../components/disabled-reason";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import type { User } from "../../../lib/user";
import { useWizardParams } from "../wizard-params";
import { DatesStep } from "./dates-step";
import { ItemStep } from "./item-step";
import { STEP_LABELS, StepIndicator, type WizardStep } from "./step-indicator";
import { UnitStep } from "./unit-step";
import { UsageStep } from "./usage-step";

const STEP_TITLES: Record<WizardStep, string> = {
  1: "Scegli l'articolo",
  2: "Scegli l'unità",
  3: "Tipo di utilizzo",
  4: "Date e note",
};

/**
 * The new-request wizard: item → unit ("any free unit" first) → usage type (only for `entrambi`
 * items) → dates on a calendar and notes. Its step and choices live in the address (see
 * wizard-params.ts); a blocked student sees why at once instead of the steps.
 */
export function LoanRequestDialog({ user }: { user: User }) {
  const wizard = useWizardParams();
  const { choices } = wizard;
  const items = useRequestableItems();
  const today = useServerToday();
  const heading = useRef<HTMLHeadingElement>(null);

  const item = items.data?.find((candidate) => candidate.id === choices.itemId) ?? null;
  const choosesUsage = item?.tipo_prestito === "entrambi";
  const waitingForItem = choices.itemId !== null && items.isPending;
  // Without a known item (e.g. no longer offered) only the first step makes sense; nor can the usage
  // step be skipped to for an item that has no choice.
  let current: WizardStep = item || waitingForItem ? choices.step : 1;
  if (current === 3 && item && !choosesUsage) current = 4;
  if (current === 4 && choosesUsage && !choices.usage) current = 3;
  const shownStep = useRef(current);
  const usageReason = useDisabledReason(choices.usage ? null : DATE_MESSAGES.usageRequired);

  // Moving between steps moves focus to the new step's title, so keyboard and screen-reader users follow.
  useEffect(() => {
    if (shownStep.current === current) return;
    shownStep.current = current;
    heading.current?.focus();
  }, [current]);

  function chooseItem(chosen: CatalogueItem) {
    if (chosen.id === choices.itemId) wizard.update({ step: 2 });
    else wizard.update({ itemId: chosen.id, unitId: null, usage: null, from: null, to: null, step: 2 });
  }

  if (user.is_blocked)
    return (
      <Modal title="Nuova Richiesta" onClose={wizard.close} size="lg">
        <BlockedAccountCard
          message="Il tuo account è bloccato: non puoi fare nuove richieste di prestito."
          reason={user.blocked_reason}
          strikes={user.penalty_strikes}
          helpMessage={UNBLOCK_HELP}
        >
          <div className="pt-2">
            <Button variant="secondary" onClick={wizard.close}>
              Chiudi
            </Button>
          </div>
        </BlockedAccountCard>
      </Modal>
    );

  return (
    <Modal
      title="Nuova Richiesta"
      description={`Passo ${current} di 4 · ${STEP_LABELS[current]}`}
      onClose={wizard.close}
      size="lg"
    >
      <StepIndicator current={current} usageSkipped={item !== null && !choosesUsage} />
      <h3 ref={heading} tabIndex={-1} className="mb-4 text-base font-semibold text-slate-900 focus:outline-none">
        {STEP_TITLES[current]}
      </h3>

      {waitingForItem && <LoadingState label="Caricamento articolo..." />}

      {current === 1 && (
        <>
          <ItemStep course={user.corso_accademico} today={today} selectedId={choices.itemId} onSelect={chooseItem} />
          <ModalActions>
            <Button variant="secondary" onClick={wizard.close}>
              Annulla
            </Button>
          </ModalActions>
        </>
      )}

      {item && current === 2 && (
        <UnitStep
          item={item}
          selectedId={choices.unitId}
          onChoose={(unitId) => wizard.update({ unitId }, { replace: true })}
          onNext={() => wizard.update({ step: choosesUsage ? 3 : 4 })}
          onBack={() => wizard.update({ step: 1 })}
        />
      )}

      {item && current === 3 && (
        <>
          <UsageStep value={choices.usage} onChange={(usage) => wizard.update({ usage }, { replace: true })} />
          <ModalActions>
            <Button variant="secondary" icon={ArrowLeft} onClick={() => wizard.update({ step: 2 })}>
              Indietro
            </Button>
            <Button onClick={() => wizard.update({ step: 4 })} {...usageReason.buttonProps}>
              Avanti
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          </ModalActions>
          {usageReason.reasonLine}
        </>
      )}

      {item && current === 4 && (
        <DatesStep
          item={item}
          unitId={choices.unitId}
          usage={choosesUsage ? choices.usage : null}
          today={today}
          range={{ from: choices.from, to: choices.to }}
          onRangeChange={(range) => wizard.update(range, { replace: true })}
          onBack={() => wizard.update({ step: choosesUsage ? 3 : 2 })}
          onDone={wizard.close}
        />
      )}
    </Modal>
  );
}
