import { Ban, Check, ListChecks } from "lucide-react";
import { formatItalianDate } from "../../../../../../src/domain/dates";
import type { SetSummary } from "../../../../api/prenotazioni";
import { Button } from "../../../../components/button";
import { ItemLink, StudentLink } from "../../../../components/entity-links";
import { Badge } from "../../../../components/status-badge";
import { setBorrower } from "./set-borrower";

interface PendingSetCardProps {
  set: SetSummary;
  approving: boolean;
  onApprove: () => void;
  onReviewLines: () => void;
  onRefuse: () => void;
}

/** One pending set as one card: who, when, what, and whether every line is free for the dates. */
export function PendingSetCard({ set, approving, onApprove, onReviewLines, onRefuse }: PendingSetCardProps) {
  return (
    <article
      aria-label={`Set di ${setBorrower(set)}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">
            {set.kit_nome && `${set.kit_nome} · `}
            <StudentLink id={set.utente_id} name={setBorrower(set)} />
          </h3>
          <p className="text-sm text-slate-600">
            Dal {formatItalianDate(set.dal)} al {formatItalianDate(set.al)} ·{" "}
            {set.unita_totali === 1 ? "1 unità" : `${set.unita_totali} unità`}
          </p>
        </div>
        {set.disponibile ? (
          <Badge tone="green">Tutto disponibile</Badge>
        ) : (
          <Badge tone="red">Non tutto disponibile</Badge>
        )}
      </div>
      <ul aria-label="Righe del set" className="mt-3 flex flex-wrap gap-2 text-sm">
        {set.oggetti.map((item) => (
          <li key={item.inventario_id} className="rounded-md bg-slate-100 px-2 py-1 text-slate-800">
            {item.quantita} × <ItemLink id={item.inventario_id} name={item.oggetto_nome} />
          </li>
        ))}
      </ul>
      {set.note && <p className="mt-2 text-sm break-words text-slate-600">Note: {set.note}</p>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" icon={Ban} onClick={onRefuse} className="py-2">
          Rifiuta
        </Button>
        <Button variant="secondary" icon={ListChecks} onClick={onReviewLines} className="py-2">
          Rivedi righe
        </Button>
        <Button
          icon={Check}
          onClick={onApprove}
          busy={approving}
          disabled={!set.disponibile}
          title={set.disponibile ? undefined : "Non tutte le righe sono libere: rivedi le righe"}
          className="py-2"
        >
          Approva
        </Button>
      </div>
    </article>
  );
}
