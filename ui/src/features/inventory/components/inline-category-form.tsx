import { Check, Plus, X } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { type Category, useCreateCategory } from "../../../api/categorie";
import { Button, IconButton } from "../../../components/button";
import { useToast } from "../../../components/toast";
import { failureText } from "../../../lib/failure-text";

/**
 * "Nuova categoria" that opens into a one-line form. Not a <form>: it also lives inside the item
 * wizard's form, where Enter must add the category and not submit the wizard.
 */
export function InlineCategoryForm({ onCreated }: { onCreated?: (category: Pick<Category, "id" | "nome">) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const createCategory = useCreateCategory();
  const showToast = useToast();
  const inputId = useId();
  const trimmed = name.trim();

  function close() {
    setOpen(false);
    setName("");
    createCategory.reset();
  }

  function add() {
    if (!trimmed) return;
    createCategory.mutate(trimmed, {
      onSuccess: (category) => {
        showToast(`Categoria "${category.nome}" creata`);
        onCreated?.(category);
        close();
      },
    });
  }

  function handleKeys(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    } else if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  }

  if (!open)
    return (
      <Button variant="ghost" icon={Plus} onClick={() => setOpen(true)} className="whitespace-nowrap max-sm:px-2.5">
        Nuova categoria
      </Button>
    );

  return (
    <div className="min-w-0">
      <div className="flex items-center gap-1">
        <label className="sr-only" htmlFor={inputId}>
          Nome della nuova categoria
        </label>
        <input
          id={inputId}
          // biome-ignore lint/a11y/noAutofocus: the user just asked for this field by opening it.
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={handleKeys}
          placeholder="Nuova categoria"
          maxLength={100}
          className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none sm:w-48"
        />
        <IconButton
          icon={Check}
          label="Aggiungi categoria"
          onClick={add}
          disabled={!trimmed || createCategory.isPending}
          className="text-indigo-600 disabled:opacity-40"
        />
        <IconButton icon={X} label="Annulla nuova categoria" onClick={close} />
      </div>
      {createCategory.isError && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {failureText(createCategory.error, "Errore nella creazione categoria")}
        </p>
      )}
    </div>
  );
}
