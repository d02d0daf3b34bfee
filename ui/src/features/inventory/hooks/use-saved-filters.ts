import { useState } from "react";
import { type InventoryFilters, NO_FILTERS } from "../utils/filters";

/** A named set of filters, kept in this browser only. */
export interface SavedFilter {
  id: string;
  name: string;
  filters: InventoryFilters;
}

export const SAVED_FILTERS_KEY = "prestalab.inventory.saved-filters";

function isSavedFilter(value: unknown): value is SavedFilter {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Partial<SavedFilter>;
  return typeof entry.id === "string" && typeof entry.name === "string" && typeof entry.filters === "object";
}

/** What was stored, ignoring anything unreadable (an older or hand-edited entry must not break the screen). */
function readSaved(): SavedFilter[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SAVED_FILTERS_KEY) ?? "[]");
    if (!Array.isArray(stored)) return [];
    return stored.filter(isSavedFilter).map((entry) => ({ ...entry, filters: { ...NO_FILTERS, ...entry.filters } }));
  } catch {
    return [];
  }
}

// Not crypto.randomUUID(): it exists only on secure origins, and the desk may reach the server over plain http.
function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export function useSavedFilters() {
  const [saved, setSaved] = useState<SavedFilter[]>(readSaved);

  function store(next: SavedFilter[]) {
    setSaved(next);
    localStorage.setItem(SAVED_FILTERS_KEY, JSON.stringify(next));
  }

  /** Saves the filters under a non-blank name; returns false (and saves nothing) for a blank one. */
  function save(name: string, filters: InventoryFilters): boolean {
    const trimmed = name.trim();
    if (!trimmed) return false;
    store([...saved, { id: newId(), name: trimmed, filters }]);
    return true;
  }

  function remove(id: string) {
    store(saved.filter((entry) => entry.id !== id));
  }

  return { saved, save, remove };
}
