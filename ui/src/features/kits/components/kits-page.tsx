import { Boxes, Pencil, Plus, QrCode, Trash2 } from "lucide-react";
import { useState } from "react";
import type { LabelFormat } from "../../../../../src/domain/label-formats";
import { type Kit, useDeleteKit, useKits } from "../../../api/kit";
import { downloadLabels } from "../../../api/labels";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { EmptyState } from "../../../components/empty-state";
import { LabelsDialog } from "../../../components/labels-dialog";
import { PageHeader } from "../../../components/page-header";
import { LoadingState } from "../../../components/spinner";
import { useToast } from "../../../components/toast";
import { countedList } from "../../../lib/counted-list";
import { failureText } from "../../../lib/failure-text";
import { KitFormDialog } from "./kit-form-dialog";

type Editing = { kit: Kit | null } | null;

/** The desk's kits: what each holds, which courses see it; create, edit, delete, print its label. */
export function KitsPage() {
  const kits = useKits();
  const deleteKit = useDeleteKit();
  const showToast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Kit | null>(null);
  const [labelling, setLabelling] = useState<Kit | null>(null);

  async function printLabel(kit: Kit, format: LabelFormat, start: number) {
    try {
      await downloadLabels({ kitIds: [kit.id] }, format, start);
      showToast(`Etichetta pronta: ${kit.nome}`);
      setLabelling(null);
    } catch (error) {
      showToast(failureText(error as Error, "Etichetta non disponibile"), "error");
    }
  }

  return (
    <>
      <PageHeader
        title="Kit"
        description="Set pronti per le riprese: articoli, unità fisse e accessori, visibili ai corsi scelti."
        actions={
          <Button icon={Plus} onClick={() => setEditing({ kit: null })}>
            Nuovo kit
          </Button>
        }
      />
      {kits.isPending && <LoadingState label="Caricamento kit..." />}
      {kits.isError && <Alert tone="error">{kits.error.message}</Alert>}
      {kits.data?.length === 0 && (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <EmptyState icon={Boxes} title="Nessun kit" text="Crea il primo kit con «Nuovo kit»." />
        </div>
      )}
      <ul aria-label="Kit" className="grid gap-4 lg:grid-cols-2">
        {(kits.data ?? []).map((kit) => (
          <li key={kit.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="font-semibold break-words text-slate-900">{kit.nome}</h2>
            <p className="text-sm text-slate-600">{kit.corsi_assegnati.join(", ")}</p>
            <ul aria-label={`Righe di ${kit.nome}`} className="mt-2 space-y-0.5 text-sm text-slate-800">
              {kit.righe.map((line) => (
                <li key={line.id}>
                  {line.quantita} × {line.oggetto_nome}
                  {line.codice_univoco && <span className="text-slate-500"> · unità fissa {line.codice_univoco}</span>}
                </li>
              ))}
            </ul>
            {kit.accessori.length > 0 && (
              <p className="mt-1 text-sm text-slate-600">Accessori: {countedList(kit.accessori)}</p>
            )}
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              <Button
                variant="secondary"
                icon={QrCode}
                aria-label={`Stampa etichetta: ${kit.nome}`}
                onClick={() => setLabelling(kit)}
                className="py-2"
              >
                Stampa etichetta
              </Button>
              <Button
                variant="secondary"
                icon={Pencil}
                aria-label={`Modifica ${kit.nome}`}
                onClick={() => setEditing({ kit })}
                className="py-2"
              >
                Modifica
              </Button>
              <Button
                variant="ghost"
                icon={Trash2}
                aria-label={`Elimina ${kit.nome}`}
                onClick={() => setDeleting(kit)}
                className="py-2"
              >
                Elimina
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {labelling && (
        <LabelsDialog
          units={1}
          subject={`Etichetta di ${labelling.nome}`}
          onClose={() => setLabelling(null)}
          onPrint={(format, start) => printLabel(labelling, format, start)}
        />
      )}
      {editing && <KitFormDialog kit={editing.kit} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`Eliminare ${deleting.nome}?`}
          message="I set già prenotati con questo kit restano come sono."
          confirmLabel="Elimina kit"
          busy={deleteKit.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            deleteKit.mutate(deleting.id, {
              onSuccess: () => showToast(`Kit ${deleting.nome} eliminato`),
              onError: (error) => showToast(error.message, "error"),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </>
  );
}
