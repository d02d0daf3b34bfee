/**
 * The new-request wizard lives in the address (`?richiesta=nuova&oggetto=…&unita=…&uso=…&passo=…&dal=…&al=…`),
 * so a reload keeps its step and choices and Back walks the steps. Any student screen opens it by
 * adding these parameters; the student area shows it over the current view.
 */
export const WIZARD_PARAM = "richiesta";

/** The search parameters that open the wizard, on an item's unit step when `itemId` is given. */
export function newRequestParams(itemId?: number): URLSearchParams {
  const params = new URLSearchParams({ [WIZARD_PARAM]: "nuova" });
  if (itemId !== undefined) {
    params.set("oggetto", String(itemId));
    params.set("passo", "2");
  }
  return params;
}
