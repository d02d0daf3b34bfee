import type { ScanOutcome } from "./set-ticks";

/** What the last scan did to the set, read aloud: "CANON_002 al posto di CANON_001". */
export function ScanOutcomeNote({ outcome }: { outcome: Omit<ScanOutcome, "ticks"> | null }) {
  return (
    <p
      aria-live="polite"
      className={`min-h-5 text-sm font-medium ${outcome?.tone === "warning" ? "text-amber-800" : "text-emerald-700"}`}
    >
      {outcome?.message}
    </p>
  );
}
