import { useSyncExternalStore } from "react";

/** How tightly the desk's tables set their rows: "compatta" fits at least 15 rows on a 1280×800 screen. */
export type TableDensity = "comoda" | "compatta";

/** Remembered in this browser for every desk table at once: one choice, not one per screen. */
const STORAGE_KEY = "prestalab.densita-tabelle";
const listeners = new Set<() => void>();

function storedDensity(): TableDensity {
  try {
    return localStorage.getItem(STORAGE_KEY) === "compatta" ? "compatta" : "comoda";
  } catch {
    // Storage refused (private mode): the roomy default.
    return "comoda";
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTableDensity(density: TableDensity) {
  try {
    localStorage.setItem(STORAGE_KEY, density);
  } catch {
    // Storage refused (private mode): the tables stay as they are, since the storage is the only record.
  }
  for (const listener of listeners) listener();
}

/** The desk's table density; every table and toggle re-renders when it changes. */
export function useTableDensity(): TableDensity {
  return useSyncExternalStore(subscribe, storedDensity, () => "comoda");
}
