import { useSearchParams } from "react-router";
import { isIsoDate } from "../../../../src/domain/dates";
import type { UsageType } from "../../../../src/domain/loan-types";
import { WIZARD_PARAM } from "../../lib/request-wizard-link";
import type { WizardStep } from "./components/step-indicator";

/** What the student chose so far: "any free unit" is the default of the unit step. */
export interface WizardChoices {
  step: WizardStep;
  itemId: number | null;
  /** A specific unit, or null for "Qualsiasi unità libera". */
  unitId: number | null;
  usage: UsageType | null;
  from: string | null;
  to: string | null;
}

const KEYS = ["oggetto", "unita", "uso", "passo", "dal", "al"] as const;
export const ANY_UNIT = "qualsiasi";

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

function parse(params: URLSearchParams): WizardChoices {
  const step = Number(params.get("passo"));
  const usage = params.get("uso");
  const from = params.get("dal");
  const to = params.get("al");
  return {
    step: step === 2 || step === 3 || step === 4 ? step : 1,
    itemId: positiveId(params.get("oggetto")),
    unitId: positiveId(params.get("unita")),
    usage: usage === "interno" || usage === "esterno" ? usage : null,
    from: isIsoDate(from) ? from : null,
    to: isIsoDate(to) ? to : null,
  };
}

/**
 * The wizard's state, read from and written to the address: each step is a history entry (Back goes
 * to the previous step), and a reload lands on the same step with the same choices.
 */
export function useWizardParams() {
  const [params, setParams] = useSearchParams();
  const choices = parse(params);

  function update(changes: Partial<WizardChoices>, options: { replace?: boolean } = {}) {
    const next = { ...choices, ...changes };
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of KEYS) updated.delete(key);
        updated.set(WIZARD_PARAM, "nuova");
        if (next.itemId !== null) updated.set("oggetto", String(next.itemId));
        if (next.itemId !== null) updated.set("unita", next.unitId === null ? ANY_UNIT : String(next.unitId));
        if (next.usage) updated.set("uso", next.usage);
        if (next.step > 1) updated.set("passo", String(next.step));
        if (next.from) updated.set("dal", next.from);
        if (next.to) updated.set("al", next.to);
        return updated;
      },
      { replace: options.replace },
    );
  }

  function close() {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const key of [WIZARD_PARAM, ...KEYS]) updated.delete(key);
      return updated;
    });
  }

  return { open: params.get(WIZARD_PARAM) === "nuova", choices, update, close };
}
