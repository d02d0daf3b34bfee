import { useId, useState } from "react";
import { checklistItems } from "../../../../src/domain/loan-terms";
import type { LoanView, ReturnAnswer, ReturnCondition } from "../../../../src/modules/loans/model";
import { useReturnPreview, useReturnUnits } from "../../api/loans";
import { ApiError } from "../../lib/api";
import { Alert } from "../alert";
import { Button } from "../button";
import { type Choice, ChoiceGroup } from "../choice-group";
import { TextAreaField } from "../form-field";
import { Modal, ModalActions } from "../modal";

const CONDITIONS: readonly Choice<ReturnCondition>[] = [
  { value: "ok", label: "Tutto ok", selectedClassName: "border-emerald-500 bg-emerald-50 text-emerald-800" },
  { value: "danneggiato", label: "Danneggiato", selectedClassName: "border-red-500 bg-red-50 text-red-800" },
  { value: "incompleto", label: "Incompleto", selectedClassName: "border-amber-500 bg-amber-50 text-amber-900" },
];

/** The units of a loan still out, with their codes. */
export function unitsOut(loan: LoanView): Array<{ id: number; code: string }> {
  return loan.unita_ids
    .map((id, index) => ({ id, code: loan.unita[index] ?? String(id) }))
    .filter((unit) => !loan.unita_restituite.includes(unit.id));
}

function PreviewBox({ loan, unitIds }: { loan: LoanView; unitIds: number[] | undefined }) {
  const preview = useReturnPreview(loan.id, unitIds);
  if (preview.isPending) return <p className="text-sm text-slate-500">Calcolo del ritardo…</p>;
  if (preview.isError)
    return (
      <Alert tone="error">
        {preview.error instanceof ApiError ? preview.error.message : "Anteprima non disponibile"}
      </Alert>
    );
  const { giorni_ritardo, strike, blocco, unita_rimanenti } = preview.data;
  const tone = blocco
    ? "border-red-300 bg-red-50 text-red-900"
    : strike > 0
      ? "border-orange-200 bg-orange-50 text-orange-900"
      : "border-emerald-200 bg-emerald-50 text-emerald-900";
  return (
    <section aria-label="Anteprima della restituzione" className={`rounded-lg border px-3 py-2 text-sm ${tone}`}>
      <p className="font-semibold">
        {giorni_ritardo > 0 ? `Ritardo: ${giorni_ritardo} ${giorni_ritardo === 1 ? "giorno" : "giorni"}` : "Nei tempi"}
      </p>
      {unita_rimanenti > 0 ? (
        <p>Restano fuori {unita_rimanenti} unità: le penalità si contano al rientro dell'ultima.</p>
      ) : (
        <p>{strike > 0 ? `Penalità assegnate: ${strike}` : "Nessuna penalità"}</p>
      )}
      {blocco && <p className="font-semibold">L'account dell'utente verrà bloccato.</p>}
    </section>
  );
}

/**
 * The return at the desk: which units come back, whether the accessories are all there, in what
 * condition, and — before confirming — the lateness and strikes it will give (the server's own rule).
 */
export function ReturnDialog({
  loan,
  onClose,
  onReturned,
}: {
  loan: LoanView;
  onClose: () => void;
  onReturned: (answer: ReturnAnswer) => void;
}) {
  const out = unitsOut(loan);
  const accessories = checklistItems(loan.checklist);
  const [chosen, setChosen] = useState<number[]>(out.map((unit) => unit.id));
  // Nothing is assumed about the accessories: the desk says "all back" in one click, or ticks what came back.
  const [accessoryCheck, setAccessoryCheck] = useState<"tutti" | "spunta" | null>(null);
  const [present, setPresent] = useState<string[]>([]);
  const [condition, setCondition] = useState<ReturnCondition>("ok");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const returnUnits = useReturnUnits();
  const groupId = useId();
  const partial = chosen.length < out.length;
  const missing = accessoryCheck === "spunta" ? accessories.filter((accessory) => !present.includes(accessory)) : [];
  // Missing accessories make an "ok" return incomplete, with what is missing in its note.
  const effectiveCondition: ReturnCondition = condition === "ok" && missing.length > 0 ? "incompleto" : condition;
  const effectiveNote = [missing.length > 0 ? `Mancano: ${missing.join(", ")}` : "", note.trim()]
    .filter(Boolean)
    .join(". ");

  function toggle<T>(list: T[], value: T): T[] {
    return list.includes(value) ? list.filter((entry) => entry !== value) : [...list, value];
  }

  function confirm() {
    setFailure(null);
    if (accessories.length > 0 && accessoryCheck === null)
      return setFailure("Indica se gli accessori sono tutti rientrati, o spunta quelli rientrati");
    if (effectiveCondition === "danneggiato" && !note.trim()) return setFailure("Descrivi il danno nella nota");
    returnUnits.mutate(
      {
        loanId: loan.id,
        unitIds: partial ? chosen : undefined,
        condition: effectiveCondition,
        note: effectiveNote,
        missingAccessories: missing,
      },
      {
        onSuccess: onReturned,
        onError: (error) => setFailure(error instanceof ApiError ? error.message : "Errore nella restituzione"),
      },
    );
  }

  const codes = (partial ? out.filter((unit) => chosen.includes(unit.id)) : out).map((unit) => unit.code);
  return (
    <Modal title="Termina prestito" description={`${loan.oggetto_nome} · ${loan.utente_nome_reale}`} onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          Confermi il rientro di {codes.join(", ") || loan.oggetto_nome}? Il rientro si registra con la data di oggi.
        </p>
        {out.length > 1 && (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">Unità che rientrano</legend>
            <ul className="grid gap-1.5 sm:grid-cols-2">
              {out.map((unit) => (
                <li key={unit.id}>
                  <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(unit.id)}
                      onChange={() => setChosen((list) => toggle(list, unit.id))}
                      className="size-4 accent-indigo-600"
                    />
                    <span className="font-mono">{unit.code}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {accessories.length > 0 && (
          <fieldset aria-describedby={`${groupId}-hint`}>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">Accessori</legend>
            <div className="mb-2 flex flex-wrap gap-2">
              <Button
                variant={accessoryCheck === "tutti" ? "primary" : "secondary"}
                aria-pressed={accessoryCheck === "tutti"}
                onClick={() => setAccessoryCheck("tutti")}
              >
                Tutto restituito
              </Button>
              <Button
                variant={accessoryCheck === "spunta" ? "primary" : "secondary"}
                aria-pressed={accessoryCheck === "spunta"}
                onClick={() => setAccessoryCheck("spunta")}
              >
                Manca qualcosa
              </Button>
            </div>
            {accessoryCheck === "spunta" && (
              <ul aria-label="Accessori rientrati" className="grid gap-1.5 sm:grid-cols-2">
                {accessories.map((accessory) => (
                  <li key={accessory}>
                    <label className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <input
                        type="checkbox"
                        checked={present.includes(accessory)}
                        onChange={() => setPresent((list) => toggle(list, accessory))}
                        className="size-4 accent-indigo-600"
                      />
                      {accessory}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <p id={`${groupId}-hint`} className="mt-1 text-xs text-slate-500">
              {accessoryCheck === null
                ? `Da controllare: ${accessories.join(", ")}`
                : missing.length > 0
                  ? `Mancano: ${missing.join(", ")}. Restano aperti come mancanze e lo studente viene avvisato.`
                  : "Tutti gli accessori sono rientrati"}
            </p>
          </fieldset>
        )}
        <ChoiceGroup legend="Condizione" choices={CONDITIONS} value={effectiveCondition} onChange={setCondition} />
        <TextAreaField
          label={effectiveCondition === "danneggiato" ? "Descrizione del danno" : "Nota"}
          optional={effectiveCondition === "ok"}
          hint={
            effectiveCondition === "danneggiato" ? "Apre una segnalazione e mette l'unità in riparazione" : undefined
          }
          value={note}
          onChange={(event) => setNote(event.target.value)}
          rows={2}
        />
        {chosen.length > 0 && <PreviewBox loan={loan} unitIds={partial ? chosen : undefined} />}
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
      </div>
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          Annulla
        </Button>
        <Button onClick={confirm} busy={returnUnits.isPending} disabled={chosen.length === 0}>
          {partial ? `Restituisci ${chosen.length} unità` : "Termina prestito"}
        </Button>
      </ModalActions>
    </Modal>
  );
}
