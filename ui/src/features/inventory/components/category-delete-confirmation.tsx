import { Trash2 } from "lucide-react";
import type { Category } from "../../../api/categorie";
import { useInventorySearch } from "../../../api/inventario";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";

interface CategoryDeleteConfirmationProps {
  category: Category;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Names of the items a deletion would move, at most this many; the count covers them all. */
const LISTED_ITEMS = 100;

/** Asks before deleting a category, naming the items it would move to "nessuna categoria". */
export function CategoryDeleteConfirmation({ category, busy, onConfirm, onCancel }: CategoryDeleteConfirmationProps) {
  const using = useInventorySearch({ categoria: String(category.id) }, LISTED_ITEMS);
  const items = using.data?.elementi ?? [];
  const count = using.data?.totale ?? 0;
  return (
    <div>
      <p className="font-medium text-slate-900">Eliminare la categoria "{category.nome}"?</p>
      {using.isPending && <LoadingState label="Caricamento articoli..." />}
      {using.isError && <Alert tone="error">Errore nel caricamento inventario</Alert>}
      {using.isSuccess && count > 0 && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            {count === 1 ? "Questo articolo usa" : `Questi ${count} articoli usano`} la categoria:
          </p>
          <ul
            aria-label="Articoli della categoria"
            className="mt-2 max-h-40 list-inside list-disc overflow-y-auto rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700"
          >
            {items.map((item) => (
              <li key={item.id}>{item.nome}</li>
            ))}
            {count > items.length && <li>e altri {count - items.length}</li>}
          </ul>
          <div className="mt-3">
            <Alert tone="warning">
              Dopo l'eliminazione {count === 1 ? "verrà spostato" : "verranno spostati"} in "nessuna categoria".
            </Alert>
          </div>
        </>
      )}
      {using.isSuccess && count === 0 && (
        <p className="mt-2 text-sm text-slate-600">Nessun articolo usa questa categoria.</p>
      )}
      <ModalActions>
        <Button variant="secondary" onClick={onCancel} autoFocus>
          Annulla
        </Button>
        <Button variant="danger" icon={Trash2} onClick={onConfirm} busy={busy} disabled={!using.isSuccess}>
          {count > 0 ? "Elimina e sposta" : "Elimina"}
        </Button>
      </ModalActions>
    </div>
  );
}
