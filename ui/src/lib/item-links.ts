import { useSearchParams } from "react-router";
import { type InventoryUnit, type ItemDetails, useItem } from "../api/inventario";

/**
 * The item page's "Presta" and "Apri riparazione" open the desk's wizards on that item, and on the unit
 * whose label was scanned: `/prestiti?nuovo-prestito=ID&unita=CODE`, `/riparazioni?nuova-riparazione=ID&unita=CODE`.
 */
export type ItemAction = "nuovo-prestito" | "nuova-riparazione";

const UNIT_PARAM = "unita";

const ACTION_PATHS: Record<ItemAction, string> = {
  "nuovo-prestito": "/prestiti",
  "nuova-riparazione": "/riparazioni",
};

export function itemActionLink(action: ItemAction, itemId: number, unitCode: string | null): string {
  const params = new URLSearchParams({ [action]: String(itemId) });
  if (unitCode) params.set(UNIT_PARAM, unitCode);
  return `${ACTION_PATHS[action]}?${params}`;
}

export interface LinkedItem {
  item: ItemDetails;
  /** The unit named by the link, when the item has it. */
  unit: InventoryUnit | undefined;
}

/** The item (loaded) and unit an action link names, or null; `close` takes the link out of the address. */
export function useLinkedItem(action: ItemAction): { linked: LinkedItem | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(action));
  const item = useItem(Number.isInteger(id) && id > 0 ? id : null);
  const code = params.get(UNIT_PARAM);
  function close() {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete(action);
        updated.delete(UNIT_PARAM);
        return updated;
      },
      { replace: true },
    );
  }
  const linked = item.data
    ? { item: item.data, unit: item.data.unita.find((unit) => unit.codice_univoco === code) }
    : null;
  return { linked, close };
}
