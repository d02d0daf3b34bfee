import { useSetReturnPreview } from "../../../../api/prenotazioni";
import { daysLateText } from "../../../../lib/dates";

/** The single return's preview for the whole set: lateness, strikes, and what stays out. */
export function ReturnPreviewNote({ setId, unitIds }: { setId: number; unitIds: number[] }) {
  const preview = useSetReturnPreview(setId, unitIds);
  if (!preview.data) return null;
  const { giorni_ritardo, strike, blocco, unita_rimanenti } = preview.data;
  return (
    <ul
      aria-label="Anteprima della restituzione"
      className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
    >
      <li>{giorni_ritardo > 0 ? daysLateText(giorni_ritardo) : "Nei tempi: nessun ritardo"}</li>
      {strike > 0 && (
        <li className="font-medium text-red-700">
          {strike === 1 ? "1 penalità per il set" : `${strike} penalità per il set`}
          {blocco ? ": l'account verrà bloccato" : ""}
        </li>
      )}
      {unita_rimanenti > 0 && (
        <li>{unita_rimanenti === 1 ? "Resta fuori 1 unità" : `Restano fuori ${unita_rimanenti} unità`}</li>
      )}
    </ul>
  );
}
