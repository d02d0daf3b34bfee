import { Ban, CalendarClock, Check } from "lucide-react";
import { useState } from "react";
import { formatItalianDate } from "../../../../src/domain/dates";
import { type ExtensionView, useApproveExtension, usePendingExtensions, useRefuseExtension } from "../../api/proroghe";
import { Alert } from "../alert";
import { Button } from "../button";
import { RefusalActions } from "../form-actions";
import { TextAreaField } from "../form-field";
import { Modal } from "../modal";
import { REFUSAL_REASON_MISSING, useRefusalReason } from "../refusal-reason";
import { useToast } from "../toast";

/** Refusing an extension needs a reason, which the student will read. */
function RefuseExtensionDialog({ extension, onClose }: { extension: ExtensionView; onClose: () => void }) {
  const refuse = useRefuseExtension();
  const showToast = useToast();
  const { reason, setReason, missing, submit } = useRefusalReason((motivo) =>
    refuse.mutate(
      { id: extension.id, motivo },
      {
        onSuccess: () => {
          showToast(`Proroga di ${extension.utente_nome} rifiutata`);
          onClose();
        },
      },
    ),
  );

  const error = missing ? REFUSAL_REASON_MISSING : (refuse.error?.message ?? null);
  return (
    <Modal
      title="Rifiuta proroga"
      description={`${extension.utente_nome} · ${extension.articolo_nome} · al ${formatItalianDate(extension.al)}`}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextAreaField
          label="Motivazione del rifiuto"
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="Es. l'unità serve a un altro studente"
        />
        <RefusalActions error={error} onCancel={onClose} submitLabel="Rifiuta proroga" busy={refuse.isPending} />
      </form>
    </Modal>
  );
}

/**
 * The extensions students asked for, waiting for the desk: every student's on the dashboard and on
 * Prestiti → In Attesa.
 */
export function PendingExtensions() {
  const extensions = usePendingExtensions();
  if (extensions.isError) return <Alert tone="error">{extensions.error.message}</Alert>;
  return <ExtensionDecisions extensions={extensions.data ?? []} />;
}

/**
 * Extensions to decide, one card each, approved in one click (the server checks the unit's next booking
 * and the academy's rules again) or refused with a reason. Nothing shows when none waits.
 */
export function ExtensionDecisions({ extensions }: { extensions: ExtensionView[] }) {
  const approve = useApproveExtension();
  const showToast = useToast();
  const [refusing, setRefusing] = useState<ExtensionView | null>(null);

  if (extensions.length === 0) return null;
  const count = extensions.length;

  return (
    <section aria-labelledby="pending-extensions-title" className="mb-6">
      <h2 id="pending-extensions-title" className="mb-3 text-base font-semibold text-slate-900">
        {count === 1 ? "1 proroga da decidere" : `${count} proroghe da decidere`}
      </h2>
      {approve.error && <Alert tone="error">{approve.error.message}</Alert>}
      <ul aria-label="Proroghe in attesa" className="grid gap-4 xl:grid-cols-2">
        {extensions.map((extension) => (
          <li key={extension.id}>
            <article
              aria-label={`Proroga di ${extension.utente_nome}`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h3 className="flex items-center gap-2 font-semibold break-words text-slate-900">
                <CalendarClock className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
                {extension.utente_nome} · {extension.articolo_nome}
              </h3>
              <p className="mt-1 text-sm text-slate-600">
                Rientro dal {formatItalianDate(extension.dal)} al{" "}
                <span className="font-semibold text-slate-900">{formatItalianDate(extension.al)}</span>
                {extension.unita.length > 0 && <> · {extension.unita.join(", ")}</>}
              </p>
              {extension.motivo && (
                <p className="mt-2 text-sm break-words text-slate-600">Motivo: {extension.motivo}</p>
              )}
              <div className="mt-4 flex flex-wrap justify-end gap-2">
                <Button variant="ghost" icon={Ban} onClick={() => setRefusing(extension)} className="py-2">
                  Rifiuta
                </Button>
                <Button
                  icon={Check}
                  busy={approve.isPending && approve.variables === extension.id}
                  onClick={() =>
                    approve.mutate(extension.id, {
                      onSuccess: () =>
                        showToast(
                          `Proroga di ${extension.utente_nome} approvata: rientro il ${formatItalianDate(extension.al)}`,
                        ),
                    })
                  }
                  aria-label={`Approva proroga di ${extension.utente_nome}`}
                  className="py-2"
                >
                  Approva proroga
                </Button>
              </div>
            </article>
          </li>
        ))}
      </ul>
      {refusing && <RefuseExtensionDialog extension={refusing} onClose={() => setRefusing(null)} />}
    </section>
  );
}
