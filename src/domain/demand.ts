// Demand: what students asked for and could not get, and the waiting list that fills freed units. The
// pure rules of the demand report (the replay that says how many more units an item needs) live here too.

export const DEMAND_EVENT = {
  /** The desk refused a request or a set (`testo` holds the reason). */
  refused: "rifiuto",
  /** A booking met 409: no unit of the item was free for the dates. */
  noFreeUnit: "nessuna_unita",
  /** A search in the catalogue found nothing (`testo` holds the words). */
  emptySearch: "ricerca_vuota",
  /** A student joined the waiting list. */
  queued: "in_coda",
  /** A loan nobody collected was cancelled. */
  noShow: "mancato_ritiro",
  /** An extension was refused because the unit was booked after it. */
  extensionRefused: "proroga_rifiutata",
} as const;
export const DEMAND_EVENT_KINDS = [
  DEMAND_EVENT.refused,
  DEMAND_EVENT.noFreeUnit,
  DEMAND_EVENT.emptySearch,
  DEMAND_EVENT.queued,
  DEMAND_EVENT.noShow,
  DEMAND_EVENT.extensionRefused,
] as const;
export type DemandEventKind = (typeof DEMAND_EVENT_KINDS)[number];

/** How long a demand event keeps the student's id: after it, only the course remains. */
export const DEMAND_PERSONAL_MONTHS = 12;

export const WAIT_STATE = {
  queued: "in_coda",
  /** A freed unit is held for the student until `scade_il`. */
  offered: "offerta",
  confirmed: "confermata",
  expired: "scaduta",
  left: "annullata",
} as const;
export const WAIT_STATES = [
  WAIT_STATE.queued,
  WAIT_STATE.offered,
  WAIT_STATE.confirmed,
  WAIT_STATE.expired,
  WAIT_STATE.left,
] as const;
export type WaitState = (typeof WAIT_STATES)[number];
/** The entries still waiting: in the queue, or holding an offer. */
export const LIVE_WAIT_STATES: WaitState[] = [WAIT_STATE.queued, WAIT_STATE.offered];

/** Default of the setting `ore_attesa`: how long a freed unit is held for the first student waiting. */
export const DEFAULT_HOLD_HOURS = 12;
