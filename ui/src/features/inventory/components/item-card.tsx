import { ChevronDown, ImageIcon, MapPin, Pencil, Printer, QrCode, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { stockLevel } from "../../../../../src/domain/stock-level";
import type { InventoryItem, InventoryUnit } from "../../../api/inventario";
import { IconButton } from "../../../components/button";
import { ClampedText } from "../../../components/clamped-text";
import { ItemLink } from "../../../components/entity-links";
import { courseCode } from "../../../lib/course-codes";
import { countWith } from "../../../lib/plural";
import { ItemStateBadge, LoanTypeBadge, StockLevelBadge } from "./state-badges";
import { type UnitActions, UnitList } from "./unit-list";

export interface ItemActions extends Omit<UnitActions, "onToggleLost"> {
  onToggleLost: (item: InventoryItem, unit: InventoryUnit) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  onShowQr: (item: InventoryItem) => void;
  /** An A4 sheet of labels for the item's units. */
  onPrintLabels: (items: InventoryItem[]) => void;
  /** Ticks or unticks the item for printing labels of a selection. */
  onToggleSelected: (item: InventoryItem) => void;
}

interface ItemCardProps extends ItemActions {
  item: InventoryItem;
  selected: boolean;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-700">{children}</dd>
    </div>
  );
}

/** What the desk does to one item: its QR code, its labels, edit, delete. The card and the table share them. */
export function ItemButtons({
  item,
  onShowQr,
  onPrintLabels,
  onEdit,
  onDelete,
}: { item: InventoryItem } & Pick<ItemActions, "onShowQr" | "onPrintLabels" | "onEdit" | "onDelete">) {
  return (
    <>
      <IconButton icon={QrCode} label={`Codice QR di ${item.nome}`} onClick={() => onShowQr(item)} />
      <IconButton icon={Printer} label={`Etichette di ${item.nome}`} onClick={() => onPrintLabels([item])} />
      <IconButton icon={Pencil} label={`Modifica ${item.nome}`} onClick={() => onEdit(item)} />
      <IconButton icon={Trash2} tone="danger" label={`Elimina ${item.nome}`} onClick={() => onDelete(item)} />
    </>
  );
}

export function ItemCard({
  item,
  selected,
  onToggleSelected,
  onEdit,
  onDelete,
  onShowQr,
  onPrintLabels,
  onToggleLost,
  ...rest
}: ItemCardProps) {
  const unitActions: UnitActions = { ...rest, onToggleLost: (unit) => onToggleLost(item, unit) };
  const [unitsShown, setUnitsShown] = useState(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const unitsId = `${baseId}-units`;
  const level = stockLevel(item.unita_disponibili, item.quantita_totale);

  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {/* The buttons wrap below a long name on a phone, so the name never breaks inside a word. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggleSelected(item)}
            aria-label={`Seleziona ${item.nome}`}
            className="mt-1 size-4 shrink-0 accent-indigo-600"
          />
          <div className="min-w-0">
            <h3 id={titleId} className="font-semibold text-slate-900">
              <ItemLink id={item.id} name={item.nome} />
            </h3>
            <div className="mt-1.5 flex flex-wrap gap-1.5">
              <LoanTypeBadge type={item.tipo_prestito} />
              <ItemStateBadge state={item.stato_effettivo} />
              {level && <StockLevelBadge level={level} />}
            </div>
          </div>
        </div>
        <div className="-mt-1 -mr-2 flex shrink-0">
          <ItemButtons
            item={item}
            onShowQr={onShowQr}
            onPrintLabels={onPrintLabels}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
      </div>

      {item.note && <ClampedText text={item.note} className="mt-2 text-sm text-slate-600" />}

      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <Detail label="Categoria">{item.categoria_figlia ?? "Nessuna categoria"}</Detail>
        <Detail label="Quantità totale">
          {item.quantita_totale}{" "}
          <span className="text-xs text-slate-500">
            ({countWith(item.unita_disponibili, "disponibile", "disponibili")})
          </span>
        </Detail>
        <Detail label="Posizione">
          <span className="inline-flex items-center gap-1 wrap-anywhere">
            <MapPin className="size-3.5 shrink-0 text-slate-500" aria-hidden="true" />
            {item.posizione ?? "N/A"}
          </span>
        </Detail>
        {item.seriale && <Detail label="Numero di serie">{item.seriale}</Detail>}
        <div className="col-span-2 min-w-0 sm:col-span-4">
          <dt className="text-xs text-slate-500">Corsi assegnati</dt>
          <dd className="mt-1 flex flex-wrap gap-1.5">
            {item.corsi_assegnati.length === 0 ? (
              <span className="text-sm text-slate-500">Nessun corso</span>
            ) : (
              item.corsi_assegnati.map((course) => (
                <span key={course} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  <span className="mr-1 font-semibold text-indigo-700">{courseCode(course)}</span>
                  {course}
                </span>
              ))
            )}
          </dd>
        </div>
      </dl>

      {item.immagine_url && (
        <a
          href={item.immagine_url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-indigo-600 hover:text-indigo-800"
        >
          <ImageIcon className="size-4" aria-hidden="true" />
          Vedi immagine
          <span className="sr-only"> (si apre in una nuova scheda)</span>
        </a>
      )}

      <div className="mt-3">
        {item.unita.length === 0 && <p className="text-sm text-slate-500">Nessuna unità registrata.</p>}
        {item.unita.length === 1 && <UnitList units={item.unita} {...unitActions} />}
        {item.unita.length > 1 && (
          <>
            <button
              type="button"
              aria-expanded={unitsShown}
              aria-controls={unitsId}
              onClick={() => setUnitsShown((shown) => !shown)}
              className="inline-flex items-center gap-1.5 rounded-md py-1 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <ChevronDown
                className={`size-4 transition-transform ${unitsShown ? "rotate-180" : ""}`}
                aria-hidden="true"
              />
              {unitsShown ? "Nascondi unità" : `Mostra unità (${item.unita.length})`}
            </button>
            {unitsShown && (
              <div className="mt-2">
                <UnitList id={unitsId} units={item.unita} {...unitActions} />
              </div>
            )}
          </>
        )}
      </div>
    </article>
  );
}
