import { type FormEvent, useState } from "react";

/**
 * A form that checks itself when submitted: from the first attempt on, `attempted` lets each field say
 * what is wrong with it, `problem` is what stopped the last attempt, and `send` runs only when nothing did.
 */
export function useCheckedSubmit(findProblem: () => string | null, send: () => void) {
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = findProblem();
    setProblem(found);
    if (!found) send();
  }

  return { attempted, problem, submit };
}
