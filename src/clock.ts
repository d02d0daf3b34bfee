import { calendarDateIn } from "./domain/dates";

/**
 * The server's notion of time. Everything that depends on "now" or "today" asks the clock, so
 * tests, demos and training sessions can move the whole system in time (PRESTALAB_NOW / --now).
 */
export interface Clock {
  now(): Date;
  /** Today's calendar date (YYYY-MM-DD) in the academy's time zone. */
  today(): string;
  readonly timeZone: string;
  readonly shifted: boolean;
  /** Moves the clock so that `now()` returns `instant` from this moment on (it keeps ticking). */
  travelTo(instant: Date): void;
}

export function createClock(options: { timeZone: string; startAt?: Date }): Clock {
  let offsetMs = options.startAt ? options.startAt.getTime() - Date.now() : 0;
  let shifted = Boolean(options.startAt);
  return {
    timeZone: options.timeZone,
    get shifted() {
      return shifted;
    },
    now: () => new Date(Date.now() + offsetMs),
    today() {
      return calendarDateIn(options.timeZone, this.now());
    },
    travelTo(instant) {
      offsetMs = instant.getTime() - Date.now();
      shifted = true;
    },
  };
}
