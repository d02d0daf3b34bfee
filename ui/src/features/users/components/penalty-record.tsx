import { Pencil, Trash2 } from "lucide-react";
import type { Penalty } from "../../../api/penalties";
import { IconButton } from "../../../components/button";
import { daysLateText, formatDateTime } from "../../../lib/dates";

/** One penalty in a student's history: the item (or a manual penalty), its strikes, why, when and by whom. */
export function PenaltyRecord({
  penalty,
  onEdit,
  onDelete,
}: {
  penalty: Penalty;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const tone =
    penalty.strike_assegnati >= 2
      ? "bg-red-50 text-red-700 ring-red-200"
      : "bg-orange-50 text-orange-700 ring-orange-200";
  const recorder = `${penalty.created_by_name ?? ""} ${penalty.created_by_surname ?? ""}`.trim();
  return (
    <li className={`p-4 ${penalty.azzerata_at ? "opacity-60" : ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium text-slate-900">
          {/* A penalty given by hand names no item. */}
          <span className="text-slate-500">#{penalty.id}</span> {penalty.articolo_nome || "Penalità manuale"}
        </p>
        <span className="flex shrink-0 items-center gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>
            {penalty.strike_assegnati} strike
          </span>
          <IconButton icon={Pencil} label={`Modifica la penalità #${penalty.id}`} onClick={onEdit} />
          <IconButton icon={Trash2} tone="danger" label={`Elimina la penalità #${penalty.id}`} onClick={onDelete} />
        </span>
      </div>
      <p className="mt-0.5 text-sm text-slate-600">{penalty.motivo}</p>
      <p className="mt-1 text-xs text-slate-500">
        {penalty.giorni_ritardo > 0 && `${daysLateText(penalty.giorni_ritardo)} · `}
        {formatDateTime(penalty.created_at)}
        {recorder && ` · registrata da ${recorder}`}
        {penalty.azzerata_at && ` · azzerata il ${formatDateTime(penalty.azzerata_at)}`}
      </p>
    </li>
  );
}
