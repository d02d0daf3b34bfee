import { Boxes } from "lucide-react";
import type { Kit } from "../../../api/kit";
import { AddToSetButton } from "../../../components/add-to-set-button";
import { Badge } from "../../../components/status-badge";
import { countedList } from "../../../lib/counted-list";

/** A kit of the student's course, beside the items: what it holds, and "Aggiungi al set". */
export function KitCard({ kit }: { kit: Kit }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-indigo-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 font-semibold break-words text-slate-900">{kit.nome}</h2>
        <Badge tone="indigo">Kit</Badge>
      </div>
      {kit.descrizione && <p className="mt-2 text-sm text-slate-600">{kit.descrizione}</p>}
      <ul aria-label={`Contenuto di ${kit.nome}`} className="mt-3 space-y-1 text-sm text-slate-700">
        {kit.righe.map((line) => (
          <li key={line.id} className="flex gap-1.5">
            <Boxes className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="min-w-0">
              {line.quantita} × {line.oggetto_nome}
            </span>
          </li>
        ))}
        {kit.accessori.length > 0 && <li className="text-slate-500">Accessori: {countedList(kit.accessori)}</li>}
      </ul>
      <div className="mt-auto flex justify-end pt-4">
        <AddToSetButton kind="kit" id={kit.id} nome={kit.nome} />
      </div>
    </article>
  );
}
