import { Printer, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "../../../components/button";
import { countWith } from "../../../lib/plural";

interface SelectionBarProps {
  /** How many of the items on the page are ticked. */
  selectedOnPage: number;
  itemsOnPage: number;
  /** Ticked items in the whole inventory: a selection survives a new search. */
  selectedTotal: number;
  onTogglePage: () => void;
  onPrint: () => void;
  onClear: () => void;
}

/** Ticking items for a sheet of labels: the whole page at once, then print or clear the selection. */
export function SelectionBar({
  selectedOnPage,
  itemsOnPage,
  selectedTotal,
  onTogglePage,
  onPrint,
  onClear,
}: SelectionBarProps) {
  const pageBox = useRef<HTMLInputElement>(null);
  const allOnPage = itemsOnPage > 0 && selectedOnPage === itemsOnPage;
  // A page partly ticked shows the mixed state; only a property can say so, not an attribute.
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = selectedOnPage > 0 && !allOnPage;
  }, [selectedOnPage, allOnPage]);

  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      <label className="inline-flex items-center gap-2 px-1 text-sm text-slate-700">
        <input
          ref={pageBox}
          type="checkbox"
          checked={allOnPage}
          onChange={onTogglePage}
          className="size-4 shrink-0 accent-indigo-600"
        />
        Seleziona tutti in pagina
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <p aria-live="polite" className="text-sm text-slate-600">
          {selectedTotal > 0 && countWith(selectedTotal, "articolo selezionato", "articoli selezionati")}
        </p>
        {selectedTotal > 0 && (
          <>
            <Button variant="secondary" icon={Printer} onClick={onPrint} className="px-3 py-1.5">
              Stampa etichette dei selezionati
            </Button>
            <Button variant="ghost" icon={X} onClick={onClear} className="px-3 py-1.5">
              Deseleziona
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
