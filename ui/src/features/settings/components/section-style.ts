/** The card every settings section is drawn in. */
export const SECTION = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
