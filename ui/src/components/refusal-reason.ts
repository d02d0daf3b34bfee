import { type FormEvent, useState } from "react";

/** What a refusal says when its reason is left blank. */
export const REFUSAL_REASON_MISSING = "Motivazione del rifiuto richiesta";

/**
 * The reason a refusal needs, which the student will read: `submit` sends it trimmed, or marks it
 * `missing` and sends nothing when it is blank.
 */
export function useRefusalReason(send: (reason: string) => void) {
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    setMissing(!trimmed);
    if (trimmed) send(trimmed);
  }

  return { reason, setReason, missing, submit };
}
