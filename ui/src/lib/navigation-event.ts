// Parts of the screen that cannot reach the router (the footer, desktop notifications) ask the shell
// to change view with a window event; the shell decides what the target means for the signed-in role.

const NAVIGATE_EVENT = "prestalab:navigate";

/** Targets named across the product: a view of the shell, for either role. */
export type NavigationTarget =
  | "dashboard"
  | "inventario"
  | "prestiti"
  | "richieste"
  | "riparazioni"
  | "segnalazioni"
  | "utenti"
  | "statistiche"
  | "sistema";

export function requestNavigation(target: NavigationTarget) {
  window.dispatchEvent(new CustomEvent<NavigationTarget>(NAVIGATE_EVENT, { detail: target }));
}

/** Calls `listener` for every navigation request; returns the function that stops listening. */
export function onNavigationRequest(listener: (target: NavigationTarget) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<NavigationTarget>).detail);
  window.addEventListener(NAVIGATE_EVENT, handle);
  return () => window.removeEventListener(NAVIGATE_EVENT, handle);
}
