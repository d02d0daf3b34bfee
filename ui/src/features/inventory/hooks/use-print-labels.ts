import type { InventoryItem } from "../../../api/inventario";
import { downloadLabels } from "../../../api/labels";
import { useToast } from "../../../components/toast";
import { failureText } from "../utils/failure-text";

/** The items to label, or how to fetch them when the screen does not hold them all. */
export type LabelledItems = InventoryItem[] | (() => Promise<InventoryItem[]>);

/** Labels for every unit of the chosen items (one item, the selection or all the filter finds), as a PDF to print. */
export function usePrintLabels() {
  const showToast = useToast();
  return async function printLabels(chosen: LabelledItems) {
    try {
      const unitIds = (typeof chosen === "function" ? await chosen() : chosen).flatMap((item) =>
        item.unita.map((unit) => unit.id),
      );
      if (unitIds.length === 0) return showToast("Nessuna unità a cui stampare l'etichetta", "error");
      await downloadLabels(unitIds);
      showToast(`Etichette pronte: ${unitIds.length} unità`);
    } catch (error) {
      showToast(failureText(error as Error, "Etichette non disponibili"), "error");
    }
  };
}
