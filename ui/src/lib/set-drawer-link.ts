/**
 * The set drawer lives in the address (`?set=righe`, then `?set=date`), so that Back inside it goes from
 * the dates to the lines and then closes it, and a reload reopens it where it was.
 */
export const SET_PARAM = "set";

export type SetDrawerStep = "righe" | "date";

export function setDrawerStepOf(params: URLSearchParams): SetDrawerStep | null {
  const step = params.get(SET_PARAM);
  return step === "righe" || step === "date" ? step : null;
}
