import { Tag } from "lucide-react";
import { useState } from "react";
import { type Category, useCategories, useDeleteCategory } from "../../../api/categorie";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { failureText } from "../../../lib/failure-text";
import { CategoryDeleteConfirmation } from "./category-delete-confirmation";
import { CategoryRow } from "./category-row";
import { NewCategoryForm } from "./new-category-form";

interface CategoryModalProps {
  onClose: () => void;
}

/** What the modal shows: the list, a deletion to confirm, or the server's refusal of one. */
type View = { kind: "list" } | { kind: "confirm-delete"; category: Category } | { kind: "refused"; message: string };

export function CategoryModal({ onClose }: CategoryModalProps) {
  const categories = useCategories();
  const deleteCategory = useDeleteCategory();
  const showToast = useToast();
  const [view, setView] = useState<View>({ kind: "list" });
  const [deleteError, setDeleteError] = useState<string | null>(null);

  function confirmDelete(category: Category) {
    setDeleteError(null);
    deleteCategory.mutate(category.id, {
      onSuccess: ({ spostati }) => {
        showToast(
          spostati > 0
            ? `Categoria "${category.nome}" eliminata: ${spostati} ${spostati === 1 ? "articolo spostato" : "articoli spostati"} in "nessuna categoria"`
            : `Categoria "${category.nome}" eliminata`,
        );
        setView({ kind: "list" });
      },
      onError: (error) => {
        // A refusal (the server said no, and why) is a notice; anything else is a plain failure.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500)
          setView({ kind: "refused", message: error.message });
        else {
          setDeleteError(failureText(error, "Errore nell'eliminazione categoria"));
          setView({ kind: "list" });
        }
      },
    });
  }

  return (
    <Modal
      title="Gestione Categorie"
      description="Le categorie raggruppano gli articoli dell'inventario."
      onClose={onClose}
    >
      {view.kind === "confirm-delete" && (
        <CategoryDeleteConfirmation
          category={view.category}
          busy={deleteCategory.isPending}
          onConfirm={() => confirmDelete(view.category)}
          onCancel={() => setView({ kind: "list" })}
        />
      )}
      {view.kind === "refused" && (
        <div>
          <Alert tone="warning">
            <p className="font-medium">Impossibile eliminare la categoria</p>
            <p className="mt-1">{view.message}</p>
          </Alert>
          <ModalActions>
            <Button onClick={() => setView({ kind: "list" })} autoFocus>
              Ho capito
            </Button>
          </ModalActions>
        </div>
      )}
      {view.kind === "list" && (
        <div className="space-y-4">
          <NewCategoryForm />
          {deleteError && <Alert tone="error">{deleteError}</Alert>}
          {categories.isPending && <LoadingState />}
          {categories.isError && <Alert tone="error">Errore nel caricamento categorie/corsi/unità</Alert>}
          {categories.data?.length === 0 && (
            <EmptyState icon={Tag} title="Nessuna categoria" text="Aggiungi la prima categoria qui sopra." />
          )}
          {categories.data && categories.data.length > 0 && (
            <ul aria-label="Categorie" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {categories.data.map((category) => (
                <CategoryRow
                  key={category.id}
                  category={category}
                  onDelete={() => setView({ kind: "confirm-delete", category })}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}
