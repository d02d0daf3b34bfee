import type { UsageType } from "../../../../../src/domain/loan-types";
import type { CatalogueItem } from "../../../api/inventario";

const USAGE_LABELS: Record<UsageType, string> = {
  interno: "Interno, in giornata",
  esterno: "Esterno",
};

interface RequestSummaryProps {
  item: CatalogueItem;
  /** The chosen unit's id, or null for any unit free for the dates. */
  unitId: number | null;
  /** The chosen unit's code, once the item's availability is loaded. */
  unitCode: string | undefined;
  usage: UsageType | null;
}

/** What the student asks for, recalled above the dates: the item, the unit and the use. */
export function RequestSummary({ item, unitId, unitCode, usage }: RequestSummaryProps) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-medium break-words text-slate-900">{item.nome}</p>
      <p className="mt-0.5 text-slate-600">
        {unitId === null ? (
          "Qualsiasi unità libera"
        ) : (
          <>
            Unità <span className="font-mono font-semibold break-words">{unitCode ?? "…"}</span>
          </>
        )}
        {usage && <> · Utilizzo: {USAGE_LABELS[usage]}</>}
      </p>
    </div>
  );
}
