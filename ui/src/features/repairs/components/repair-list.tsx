import { CheckCircle2, Pencil, Wrench } from "lucide-react";
import { canCloseRepair } from "../../../../../src/domain/repairs";
import type { RepairView } from "../../../api/riparazioni";
import { Button, IconButton } from "../../../components/button";
import { PriorityBadge } from "../../../components/report-badges";
import { formatDate } from "../../../lib/dates";
import { RepairStateBadge } from "./repair-labels";

interface RepairListProps {
  repairs: RepairView[];
  onOpen: (repair: RepairView) => void;
  onEdit: (repair: RepairView) => void;
  onComplete: (repair: RepairView) => void;
}

function firstLine(text: string | null): string | null {
  return (
    text
      ?.split("\n")
      .find((line) => line.trim())
      ?.trim() ?? null
  );
}

/** RepairView cards; the whole card opens the details, the buttons on it act directly. */
export function RepairList({ repairs, onOpen, onEdit, onComplete }: RepairListProps) {
  return (
    <ul aria-label="Elenco riparazioni" className="divide-y divide-slate-100">
      {repairs.map((repair) => {
        const summary = firstLine(repair.note);
        return (
          <li key={repair.id} className="relative flex gap-3 px-4 py-4 hover:bg-slate-50/60 sm:px-5">
            <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 sm:flex">
              <Wrench className="size-5" aria-hidden="true" />
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                <h3 className="min-w-0 text-sm font-semibold text-slate-900">
                  {/* The title's button covers the card, so a click anywhere opens the details. */}
                  <button
                    type="button"
                    onClick={() => onOpen(repair)}
                    className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:ring-2 focus-visible:after:ring-indigo-500 focus-visible:after:ring-inset"
                  >
                    {repair.articolo_nome}
                  </button>
                </h3>
                <div className="flex flex-wrap gap-1.5">
                  <RepairStateBadge value={repair.stato} />
                  <PriorityBadge value={repair.priorita} />
                </div>
              </div>
              <p className="mt-0.5 text-xs text-slate-500">
                <span className="font-mono break-words">{repair.codice_univoco}</span>
                {summary && <span> · {summary}</span>}
              </p>
              <p className="mt-2 line-clamp-2 text-sm text-slate-700">{repair.descrizione}</p>
              <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
                <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-500">
                  <span>Creata il {formatDate(repair.created_at)}</span>
                  <span>Inizio {formatDate(repair.data_inizio)}</span>
                  {repair.data_fine && <span>Fine {formatDate(repair.data_fine)}</span>}
                </p>
                {canCloseRepair(repair.stato) && (
                  <div className="relative z-10 flex gap-1">
                    <IconButton
                      icon={Pencil}
                      label={`Modifica riparazione ${repair.codice_univoco}`}
                      onClick={() => onEdit(repair)}
                    />
                    <Button
                      variant="secondary"
                      icon={CheckCircle2}
                      onClick={() => onComplete(repair)}
                      aria-label={`Completa riparazione ${repair.codice_univoco}`}
                      className="py-1.5"
                    >
                      Completa
                    </Button>
                  </div>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
