import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useCreateCategory } from "../../../api/categorie";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { useToast } from "../../../components/toast";
import { failureText } from "../../../lib/failure-text";

/** The field on top of the category dialog that adds a category. */
export function NewCategoryForm() {
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
