import type { InventoryUnit } from "../../../api/inventario";
import { useLinkedItem } from "../../../lib/item-links";
import { useStudentToLend } from "../../../lib/lend-to-student";
import { NewLoanWizard } from "./new-loan/new-loan-wizard";

/** A lost unit or one in repair cannot be lent: the wizard then starts with no unit chosen. */
function lendableUnitId(unit: InventoryUnit | undefined): number | null {
  return unit && unit.stato !== "perso" && unit.stato !== "in_riparazione" ? unit.id : null;
}

/**
 * The direct-loan wizard opened by a link from another page: the item page's "Presta" names the item (and
 * unit), `?nuovo-prestito=ID&unita=CODE`; the student page's "Presta" names the student, `?nuovo-prestito-per=ID`.
 */
export function LinkedNewLoan() {
  const linkedLoan = useLinkedItem("nuovo-prestito");
  const studentToLend = useStudentToLend();
  return (
    <>
      {linkedLoan.linked && (
        <NewLoanWizard
          preset={{ item: linkedLoan.linked.item, unitId: lendableUnitId(linkedLoan.linked.unit) }}
          onClose={linkedLoan.close}
        />
      )}
      {studentToLend.borrower && (
        <NewLoanWizard preset={{ borrower: studentToLend.borrower }} onClose={studentToLend.close} />
      )}
    </>
  );
}
