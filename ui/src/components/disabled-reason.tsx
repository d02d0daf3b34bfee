import { useId } from "react";

/**
 * Why a wizard's "Avanti" (or its last button) cannot be pressed yet: the button is disabled and points
 * to a line that says what is missing, so nobody is left guessing, screen readers included.
 */
export function useDisabledReason(reason: string | null) {
  const id = useId();
  return {
    buttonProps: { disabled: reason !== null, "aria-describedby": reason ? id : undefined },
    reasonLine: reason ? (
      <p id={id} className="mt-2 text-right text-xs text-slate-600">
        {reason}
      </p>
    ) : null,
  };
}
