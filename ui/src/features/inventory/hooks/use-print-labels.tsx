import { useState } from "react";
import type { WholeInventoryItem } from "../../../api/inventario";
import { downloadLabels } from "../../../api/labels";
import { useToast } from "../../../components/toast";
import { LabelsDialog } from "../components/labels-dialog";
import { failureText } from "../utils/failure-text";

/** The items to label, or how to fetch them when the screen does not hold them all. */
export type LabelledItems = WholeInventoryItem[] | (() => Promise<WholeInventoryItem[]>);

/**
 * Labels for every unit of the chosen items (one item, the selection or all the filter finds): a dialog
 * asks for the format, then the PDF is saved to print. Render `labelsDialog` where the screen keeps dialogs.
 */
export function usePrintLabels() {
  const showToast = useToast();
  const [unitIds, setUnitIds] = useState<number[] | null>(null);

  async function printLabels(chosen: LabelledItems) {
    try {
      const ids = (typeof chosen === "function" ? await chosen() : chosen).flatMap((item) =>
        item.unita.map((unit) => unit.id),
      );
      if (ids.length === 0) return showToast("Nessuna unità a cui stampare l'etichetta", "error");
      setUnitIds(ids);
    } catch (error) {
      showToast(failureText(error as Error, "Etichette non disponibili"), "error");
    }
  }

  const labelsDialog = unitIds && (
    <LabelsDialog
      units={unitIds.length}
      onClose={() => setUnitIds(null)}
      onPrint={async (format, start) => {
        try {
          await downloadLabels(unitIds, format, start);
          showToast(`Etichette pronte: ${unitIds.length} unità`);
          setUnitIds(null);
        } catch (error) {
          showToast(failureText(error as Error, "Etichette non disponibili"), "error");
        }
      }}
    />
  );
  return { printLabels, labelsDialog };
}
