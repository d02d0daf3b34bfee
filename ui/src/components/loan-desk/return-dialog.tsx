import { useState } from "react";
import { checklistItems } from "../../../../src/domain/loan-terms";
import type { LoanView, ReturnAnswer, ReturnCondition } from "../../../../src/modules/loans/model";
import { useReturnUnits } from "../../api/loans";
import { ApiError } from "../../lib/api";
import { Button } from "../button";
import { type Choice, ChoiceGroup } from "../choice-group";
import { TextAreaField } from "../form-field";
import { Modal, ModalActions } from "../modal";
import { AccessoriesCheck, type AccessoryCheck } from "./accessories-check";
import { ReturnPreview } from "./return-preview";

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
  const [accessoryCheck, setAccessoryCheck] = useState<AccessoryCheck>(null);
  const [present, setPresent] = useState<string[]>([]);
  const [condition, setCondition] = useState<ReturnCondition>("ok");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const returnUnits = useReturnUnits();
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
          <AccessoriesCheck
            accessories={accessories}
            check={accessoryCheck}
            onCheck={setAccessoryCheck}
            present={present}
            onToggle={(accessory) => setPresent((list) => toggle(list, accessory))}
            missing={missing}
          />
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
        {chosen.length > 0 && <ReturnPreview loan={loan} unitIds={partial ? chosen : undefined} />}
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
