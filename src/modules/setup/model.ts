import { type Static, t } from "elysia";

/** The five steps of a new academy's setup, in the order the dashboard lists them. */
export const SETUP_STEPS = ["accademia", "corsi", "apertura", "inventario", "posta"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** One step of the setup checklist: what to do, whether the academy's data shows it done, and where. */
export const setupStep = t.Object({
  passo: t.UnionEnum([...SETUP_STEPS]),
  titolo: t.String(),
  /** What the step asks, or what is already in place. */
  descrizione: t.String(),
  fatto: t.Boolean(),
  /** The interface's screen (and section) where the step is done. */
  link: t.String(),
});

/** GET /api/primi-passi: the desk's setup checklist, computed from the academy's data on every call. */
export const setupChecklist = t.Object({
  passi: t.Array(setupStep),
  /** True once every step is done: the dashboard then hides the checklist. */
  completato: t.Boolean(),
});

export type SetupChecklist = Static<typeof setupChecklist>;
export type SetupStepView = Static<typeof setupStep>;
