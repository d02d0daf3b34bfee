import { Check, Pencil, Tag, Trash2, X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { type Category, useRenameCategory } from "../../../api/categorie";
import { IconButton } from "../../../components/button";
import { failureText } from "../../../lib/failure-text";

/** One category in the dialog's list: its name and item count, renamed in place or offered for deletion. */
export function CategoryRow({ category, onDelete }: { category: Category; onDelete: () => void }) {
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
