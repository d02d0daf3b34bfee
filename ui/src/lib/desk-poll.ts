/**
 * How often the desk's notifications poll what they tell about (pending requests, alerts, new reports and
 * repairs), and the dashboard its recent requests, so the two never tell different stories.
 */
export const DESK_POLL_INTERVAL_MS = 300_000;
