import { useSyncExternalStore } from "react";

// The student's set being put together: kept in localStorage so that it survives a reload, and shared
// by every screen that adds to it ("Aggiungi al set") and the drawer that sends it.

/** A model (with how many units) or a kit. A set holds at most one kit, plus any models. */
export interface SetCartLine {
  kind: "articolo" | "kit";
  id: number;
  nome: string;
  quantita: number;
}

interface StoredCart {
  ownerId: number | null;
  lines: SetCartLine[];
}

const STORAGE_KEY = "prestalab.set";
const EMPTY: StoredCart = { ownerId: null, lines: [] };

const listeners = new Set<() => void>();
let cart: StoredCart = read();

function read(): StoredCart {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as StoredCart | null;
    return stored && Array.isArray(stored.lines) ? stored : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(next: StoredCart) {
  cart = next;
  if (next.lines.length === 0 && next.ownerId === null) localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The set in progress; every screen showing it re-renders when it changes. */
export function useSetCart(): SetCartLine[] {
  return useSyncExternalStore(subscribe, () => cart.lines);
}

/** A set started by another student on this browser is never shown to the one signing in now. */
export function claimSetCart(ownerId: number) {
  cart = read();
  if (cart.ownerId !== ownerId) write({ ownerId, lines: [] });
}

function sameLine(line: SetCartLine, kind: SetCartLine["kind"], id: number) {
  return line.kind === kind && line.id === id;
}

export function hasKit(lines: readonly SetCartLine[]) {
  return lines.some((line) => line.kind === "kit");
}

/** Adds one more unit of a model, or the kit (once). */
export function addToSetCart(kind: SetCartLine["kind"], id: number, nome: string) {
  const existing = cart.lines.find((line) => sameLine(line, kind, id));
  if (existing && kind === "kit") return;
  const lines = existing
    ? cart.lines.map((line) => (line === existing ? { ...line, quantita: line.quantita + 1 } : line))
    : [...cart.lines, { kind, id, nome, quantita: 1 }];
  write({ ...cart, lines });
}

/** Sets a model's number of units; zero removes the line. */
export function setCartQuantity(kind: SetCartLine["kind"], id: number, quantita: number) {
  const lines =
    quantita <= 0
      ? cart.lines.filter((line) => !sameLine(line, kind, id))
      : cart.lines.map((line) => (sameLine(line, kind, id) ? { ...line, quantita } : line));
  write({ ...cart, lines });
}

export function clearSetCart() {
  write({ ...cart, lines: [] });
}
