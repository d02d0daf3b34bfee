import { Check, Pencil, Plus, Tag, Trash2, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import {
  type Category,
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useRenameCategory,
} from "../../../api/categorie";
import { useInventorySearch } from "../../../api/inventario";
import { Alert } from "../../../components/alert";
import { Button, IconButton } from "../../../components/button";
import { EmptyState } from "../../../components/empty-state";
import { Modal, ModalActions } from "../../../components/modal";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";
import { failureText } from "../utils/failure-text";

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
        <DeleteConfirmation
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

function NewCategoryForm() {
  const [name, setName] = useState("");
  const createCategory = useCreateCategory();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    createCategory.mutate(trimmed, {
      onSuccess: (category) => {
        showToast(`Categoria "${category.nome}" creata`);
        setName("");
      },
    });
  }

  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor="new-category-name" className="block text-sm font-medium text-slate-700">
        Nuova categoria
      </label>
      <div className="flex gap-2">
        <input
          id="new-category-name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Es. Fotocamere"
          maxLength={100}
          className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2.5 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
        <Button type="submit" icon={Plus} disabled={!name.trim()} busy={createCategory.isPending}>
          Aggiungi
        </Button>
      </div>
      {createCategory.isError && (
        <Alert tone="error">{failureText(createCategory.error, "Errore nella creazione categoria")}</Alert>
      )}
    </form>
  );
}

function CategoryRow({ category, onDelete }: { category: Category; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.nome);
  const renameCategory = useRenameCategory();

  function startEditing() {
    setName(category.nome);
    renameCategory.reset();
    setEditing(true);
  }

  function save() {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (trimmed === category.nome) {
      setEditing(false);
      return;
    }
    renameCategory.mutate({ id: category.id, nome: trimmed }, { onSuccess: () => setEditing(false) });
  }

  // Enter saves and Escape cancels the rename only: the dialog around it stays open.
  function handleKeys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      save();
    } else if (event.key === "Escape") {
      event.stopPropagation();
      setEditing(false);
    }
  }

  const count = `${category.oggetti} ${category.oggetti === 1 ? "articolo" : "articoli"}`;
  return (
    <li className="px-3 py-2.5">
      {editing ? (
        <div>
          <div className="flex items-center gap-1">
            <label htmlFor={`category-${category.id}-name`} className="sr-only">
              Nuovo nome per {category.nome}
            </label>
            <input
              id={`category-${category.id}-name`}
              // biome-ignore lint/a11y/noAutofocus: renaming starts by typing in this field.
              autoFocus
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={handleKeys}
              maxLength={100}
              className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-1.5 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
            />
            <IconButton
              icon={Check}
              label="Salva nome"
              onClick={save}
              disabled={!name.trim() || renameCategory.isPending}
              className="text-indigo-600 disabled:opacity-40"
            />
            <IconButton icon={X} label="Annulla modifica" onClick={() => setEditing(false)} />
          </div>
          {renameCategory.isError && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {failureText(renameCategory.error, "Errore nella modifica categoria")}
            </p>
          )}
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <Tag className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{category.nome}</p>
            <p className="text-xs text-slate-500">{count}</p>
          </div>
          <IconButton icon={Pencil} label={`Rinomina ${category.nome}`} onClick={startEditing} />
          <IconButton icon={Trash2} tone="danger" label={`Elimina ${category.nome}`} onClick={onDelete} />
        </div>
      )}
    </li>
  );
}

interface DeleteConfirmationProps {
  category: Category;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Names of the items a deletion would move, at most this many; the count covers them all. */
const LISTED_ITEMS = 100;

function DeleteConfirmation({ category, busy, onConfirm, onCancel }: DeleteConfirmationProps) {
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
