/** The look of a refusal's reason box where the dialog draws its own textarea (a plain field, not a TextAreaField). */
export const REFUSAL_REASON_INPUT =
  "block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none";

/** "Motivazione del rifiuto" marked required: a red star to the eye, "(obbligatoria)" to a screen reader. */
export function RefusalReasonLabel({ htmlFor }: { htmlFor: string }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
      Motivazione del rifiuto <span className="text-red-600">*</span>
      <span className="sr-only"> (obbligatoria)</span>
    </label>
  );
}
