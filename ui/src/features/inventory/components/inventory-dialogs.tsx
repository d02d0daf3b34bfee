import { type InventoryItem, type InventoryUnit, useDeleteItem } from "../../../api/inventario";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { NoticeDialog } from "../../../components/notice-dialog";
import { useToast } from "../../../components/toast";
import { failureText } from "../../../lib/failure-text";
import { CategoryModal } from "./category-modal";
import { ItemWizard } from "./item-wizard/item-wizard";
import { LoanDetailsModal } from "./loan-details-modal";
import { QrCodeDialog } from "./qr-code-dialog";

/** The dialog open over the inventory, if any. */
export type InventoryDialog =
  | { kind: "create" }
  | { kind: "edit"; item: InventoryItem }
  | { kind: "delete"; item: InventoryItem }
  | { kind: "delete-failed"; message: string }
  | { kind: "qr"; item: InventoryItem }
  | { kind: "categories" }
  | { kind: "loan"; unit: InventoryUnit };

export function InventoryDialogs(props: {
  dialog: InventoryDialog | null;
  onChange: (dialog: InventoryDialog | null) => void;
  /** After an item is deleted (it leaves the selection). */
  onDeleted: (item: InventoryItem) => void;
}) {
  const { dialog, onChange } = props;
  const deleteItem = useDeleteItem();
  const showToast = useToast();
  const close = () => onChange(null);

  function confirmDelete(item: InventoryItem) {
    deleteItem.mutate(item.id, {
      onSuccess: () => {
        showToast(`"${item.nome}" eliminato dall'inventario`);
        props.onDeleted(item);
        close();
      },
      onError: (error) => onChange({ kind: "delete-failed", message: failureText(error, "Errore nell'eliminazione") }),
    });
  }

  switch (dialog?.kind) {
    case "create":
      return <ItemWizard onClose={close} />;
    case "edit":
      return <ItemWizard item={dialog.item} onClose={close} />;
    case "delete":
      return (
        <ConfirmDialog
          title="Elimina articolo"
          description={dialog.item.nome}
          message="Sei sicuro di voler eliminare questo articolo?"
          confirmLabel="Elimina"
          busy={deleteItem.isPending}
          onConfirm={() => confirmDelete(dialog.item)}
          onCancel={close}
        />
      );
    case "delete-failed":
      return <NoticeDialog title="Impossibile eliminare" message={dialog.message} onClose={close} />;
    case "qr":
      return <QrCodeDialog item={dialog.item} onClose={close} />;
    case "categories":
      return <CategoryModal onClose={close} />;
    case "loan":
      return <LoanDetailsModal unit={dialog.unit} onClose={close} />;
    default:
      return null;
  }
}
