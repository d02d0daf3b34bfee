import { Save } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useCourses } from "../../../api/corsi";
import { type Kit, useSaveKit } from "../../../api/kit";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { TextAreaField, TextField } from "../../../components/form-field";
import { Modal, ModalActions } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { AccessoriesEditor, type AccessoryDraft } from "./accessories-editor";
import { type KitLineDraft, KitLinesEditor, nextDraftKey } from "./kit-lines-editor";

function linesOf(kit: Kit | null): KitLineDraft[] {
  return (kit?.righe ?? []).map((line) => ({
    draftKey: nextDraftKey(),
    inventario_id: line.inventario_id,
    nome: line.oggetto_nome,
    quantita: line.quantita,
    unit_id: line.unit_id,
    unita: line.unit_id && line.codice_univoco ? [{ id: line.unit_id, codice_univoco: line.codice_univoco }] : [],
  }));
}

/** Creates a kit, or edits one whole: name, description, courses, lines (a pinned unit too), accessories. */
export function KitFormDialog({ kit, onClose }: { kit: Kit | null; onClose: () => void }) {
  const courses = useCourses();
  const save = useSaveKit();
  const showToast = useToast();
  const [name, setName] = useState(kit?.nome ?? "");
  const [description, setDescription] = useState(kit?.descrizione ?? "");
  const [chosenCourses, setChosenCourses] = useState<string[]>(kit?.corsi_assegnati ?? []);
  const [lines, setLines] = useState<KitLineDraft[]>(linesOf(kit));
  const [accessories, setAccessories] = useState<AccessoryDraft[]>(kit?.accessori ?? []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      nome: name.trim(),
      descrizione: description.trim() || null,
      corsi_assegnati: chosenCourses,
      righe: lines.map((line) => ({
        inventario_id: line.inventario_id,
        quantita: line.quantita,
        ...(line.unit_id ? { unit_id: line.unit_id } : {}),
      })),
      accessori: accessories
        .filter((accessory) => accessory.nome.trim())
        .map((a) => ({ nome: a.nome.trim(), quantita: a.quantita })),
    };
    save.mutate(
      { id: kit?.id ?? null, input },
      {
        onSuccess: () => {
          showToast(kit ? `Kit ${input.nome} aggiornato` : `Kit ${input.nome} creato`);
          onClose();
        },
      },
    );
  }

  return (
    <Modal title={kit ? `Modifica ${kit.nome}` : "Nuovo kit"} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Nome del kit" value={name} onChange={(event) => setName(event.target.value)} />
        <TextAreaField
          label="Descrizione"
          optional
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Corsi che lo vedono</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {(courses.data ?? []).map((course) => (
              <label key={course.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={chosenCourses.includes(course.nome)}
                  onChange={(event) =>
                    setChosenCourses(
                      event.target.checked
                        ? [...chosenCourses, course.nome]
                        : chosenCourses.filter((chosen) => chosen !== course.nome),
                    )
                  }
                  className="size-4 rounded border-slate-300 text-indigo-600"
                />
                {course.nome}
              </label>
            ))}
          </div>
        </fieldset>
        <KitLinesEditor lines={lines} onChange={setLines} />
        <AccessoriesEditor accessories={accessories} onChange={setAccessories} />
        {save.error && <Alert tone="error">{save.error.message}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          <Button type="submit" icon={Save} busy={save.isPending}>
            Salva il kit
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
