import { useState } from "react";

/** Longer than this, or over three lines, a description starts folded on a card. */
const FOLD_AFTER_CHARACTERS = 240;
const FOLD_AFTER_LINES = 3;

/**
 * A description on a card: a long one is cut to three lines with "Mostra tutto", so one item's essay never
 * pushes the rest of the list away; "Mostra meno" folds it again.
 */
export function ClampedText({ text, className = "" }: { text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > FOLD_AFTER_CHARACTERS || text.split("\n").length > FOLD_AFTER_LINES;
  return (
    <div className={className}>
      <p className={`whitespace-pre-line ${long && !open ? "line-clamp-3" : ""}`}>{text}</p>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="mt-1 text-xs font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {open ? "Mostra meno" : "Mostra tutto"}
        </button>
      )}
    </div>
  );
}
