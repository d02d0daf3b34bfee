import { PackageOpen } from "lucide-react";
import { useState } from "react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import { type SetView, useHandOverSet } from "../../../../api/prenotazioni";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { AccessoryChecklist } from "./accessory-checklist";
import { HandOverSignature, type SignatureChoice } from "./hand-over-signature";
import { type LeftBehind, LeftBehindChoice } from "./left-behind-choice";
import { SetLineChecklist } from "./set-line-checklist";
import type { SetScan } from "./use-scanned-ticks";
import { useScannedTicks } from "./use-scanned-ticks";

interface SetHandOverProps {
  set: SetView;
  scan: SetScan | null;
  onHandedOver: (outcome: string) => void;
}

/**
 * The whole set at the counter: each scan ticks a line (another free unit of the model swaps in), the
 * accessories are ticked from the kit's list, the student signs, and "Consegna" hands out what is ticked.
 */
export function SetHandOver({ set, scan, onHandedOver }: SetHandOverProps) {
  const lines = set.righe.filter((line) => line.fase === "da_ritirare");
  const scanned = useScannedTicks(lines, scan);
  const { ticks, tickedIds } = scanned;
  const [accessories, setAccessories] = useState<Record<string, number>>({});
  const [leftBehind, setLeftBehind] = useState<Record<number, LeftBehind>>({});
  const [signature, setSignature] = useState<SignatureChoice>({ mode: "pad", png: null });
  const [missingReason, setMissingReason] = useState(false);
  const handOver = useHandOverSet();

  const cancelled = lines
    .filter((line) => !ticks[line.richiesta_id] && leftBehind[line.richiesta_id]?.cancel)
    .map((line) => ({ richiesta_id: line.richiesta_id, motivo: leftBehind[line.richiesta_id]?.reason.trim() ?? "" }));
  const signed = signature.mode === "password" || signature.png !== null;

  function submit() {
    const incomplete = cancelled.some((line) => !line.motivo);
    setMissingReason(incomplete);
    if (incomplete) return;
    const counted = Object.entries(accessories).filter(([, quantita]) => quantita > 0);
    handOver.mutate(
      {
        id: set.id,
        input: {
          unita_ids: tickedIds,
          accessori: counted.map(([nome, quantita]) => ({ nome, quantita })),
          ...(cancelled.length > 0 ? { righe_annullate: cancelled } : {}),
          ...(signature.mode === "pad" && signature.png ? { firma: signature.png } : {}),
        },
      },
      { onSuccess: () => onHandedOver(`Consegnate ${tickedIds.length} unità a ${set.utente_nome ?? "lo studente"}`) },
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Da consegnare per il periodo dal {formatItalianDate(set.dal)} al {formatItalianDate(set.al)}: scansiona ogni
        unità, oppure spuntala a mano.
      </p>
      <SetLineChecklist
        label="Unità da consegnare"
        lines={lines}
        scanned={scanned}
        extra={(line, ticked) =>
          ticked ? null : (
            <LeftBehindChoice
              line={line}
              value={leftBehind[line.richiesta_id] ?? { cancel: false, reason: "" }}
              onChange={(value) => setLeftBehind({ ...leftBehind, [line.richiesta_id]: value })}
              missing={missingReason}
            />
          )
        }
      />
      {set.accessori.length > 0 && (
        <AccessoryChecklist
          label="Accessori consegnati"
          accessories={set.accessori}
          counts={accessories}
          expected={(accessory) => accessory.quantita}
          onChange={(name, count) => setAccessories({ ...accessories, [name]: count })}
        />
      )}
      <HandOverSignature value={signature} onChange={setSignature} />
      {missingReason && <Alert tone="error">Indica il motivo di ogni riga annullata</Alert>}
      {handOver.error && <Alert tone="error">{handOver.error.message}</Alert>}
      <Button
        icon={PackageOpen}
        className="w-full sm:w-auto"
        disabled={tickedIds.length === 0 || !signed}
        busy={handOver.isPending}
        onClick={submit}
      >
        Consegna {tickedIds.length === 1 ? "1 unità" : `${tickedIds.length} unità`}
      </Button>
    </div>
  );
}
