import { CheckCheck, PackageCheck } from "lucide-react";
import { useState } from "react";
import { type ReturnCondition, type SetView, useReturnSet } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { countedList } from "../../../../lib/counted-list";
import { AccessoryChecklist } from "./accessory-checklist";
import { ReturnConditionSelect } from "./return-condition-select";
import { ReturnPreviewNote } from "./return-preview-note";
import { SetLineChecklist } from "./set-line-checklist";
import { type SetScan, useScannedTicks } from "./use-scanned-ticks";

interface SetReturnProps {
  set: SetView;
  scan: SetScan | null;
  onReturned: (outcome: string) => void;
}

/**
 * The set's return: each scan ticks a unit back (all at once or in parts), each with its condition; the
 * accessories are ticked back, and an unticked one stays open as a mancanza.
 */
export function SetReturn({ set, scan, onReturned }: SetReturnProps) {
  const lines = set.righe.filter((line) => line.fase === "attivo" || line.fase === "scaduto");
  const scanned = useScannedTicks(lines, scan);
  const { tickedIds, tickAll } = scanned;
  const [conditions, setConditions] = useState<Record<number, ReturnCondition>>({});
  const handedOut = set.accessori.filter((accessory) => accessory.consegnati > 0);
  const [accessories, setAccessories] = useState<Record<string, number>>({});
  const returnSet = useReturnSet();
  const missing = handedOut
    .map((accessory) => ({ nome: accessory.nome, quantita: accessory.consegnati - (accessories[accessory.nome] ?? 0) }))
    .filter((accessory) => accessory.quantita > 0);

  function everythingBack() {
    tickAll();
    setAccessories(Object.fromEntries(handedOut.map((accessory) => [accessory.nome, accessory.consegnati])));
  }

  function submit() {
    returnSet.mutate(
      {
        id: set.id,
        input: {
          unita_ids: tickedIds,
          accessori_mancanti: missing,
          condizioni: tickedIds.map((unitId) => ({ unit_id: unitId, condizione: conditions[unitId] ?? "ok" })),
        },
      },
      {
        onSuccess: (answer) =>
          onReturned(
            answer.mancanze.length > 0
              ? `Restituite ${tickedIds.length} unità; mancano ${countedList(answer.mancanze)}`
              : `Restituite ${tickedIds.length} unità`,
          ),
      },
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">Scansiona ogni unità che rientra, oppure spuntala a mano.</p>
        <Button variant="secondary" icon={CheckCheck} onClick={everythingBack} className="py-2">
          Tutto restituito
        </Button>
      </div>
      <SetLineChecklist
        label="Unità da restituire"
        lines={lines}
        scanned={scanned}
        extra={(line, ticked) =>
          ticked ? (
            <ReturnConditionSelect
              code={line.codice_univoco}
              value={conditions[line.unit_id] ?? "ok"}
              onChange={(condition) => setConditions({ ...conditions, [line.unit_id]: condition })}
            />
          ) : null
        }
      />
      {handedOut.length > 0 && (
        <AccessoryChecklist
          label="Accessori restituiti"
          accessories={handedOut}
          counts={accessories}
          expected={(accessory) => accessory.consegnati}
          onChange={(name, count) => setAccessories({ ...accessories, [name]: count })}
        />
      )}
      {missing.length > 0 && <Alert tone="warning">Restano aperti come mancanza: {countedList(missing)}</Alert>}
      <ReturnPreviewNote setId={set.id} unitIds={tickedIds} />
      {returnSet.error && <Alert tone="error">{returnSet.error.message}</Alert>}
      <Button
        icon={PackageCheck}
        className="w-full sm:w-auto"
        disabled={tickedIds.length === 0 && missing.length === 0}
        busy={returnSet.isPending}
        onClick={submit}
      >
        Registra la restituzione
      </Button>
    </div>
  );
}
