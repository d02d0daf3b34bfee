import type { InventoryItem } from "../../../api/inventario";
import { ItemLink } from "../../../components/entity-links";
import { SortableTable, type TableColumn, type TableSort } from "../../../components/sortable-table";
import { formatDate } from "../../../lib/dates";
import type { SortField } from "../utils/filters";
import { type ItemActions, ItemButtons } from "./item-card";
import { ItemStateBadge } from "./state-badges";

interface ItemTableProps
  extends Pick<ItemActions, "onShowQr" | "onPrintLabels" | "onEdit" | "onDelete" | "onToggleSelected"> {
  items: InventoryItem[];
  selectedIds: ReadonlySet<number>;
  sort: TableSort<SortField>;
  onSort: (sort: TableSort<SortField>) => void;
}

/** The inventory as a dense table for the desk's wide screen: one row per item, sorted like the cards. */
export function ItemTable({ items, selectedIds, sort, onSort, onToggleSelected, ...actions }: ItemTableProps) {
  const columns: TableColumn<InventoryItem, SortField>[] = [
    {
      header: "Selezione",
      headerHidden: true,
      className: "w-px",
      cell: (item) => (
        <input
          type="checkbox"
          checked={selectedIds.has(item.id)}
          onChange={() => onToggleSelected(item)}
          aria-label={`Seleziona ${item.nome}`}
          className="mt-0.5 size-4 accent-indigo-600"
        />
      ),
    },
    {
      header: "Nome",
      sortKey: "nome",
      cell: (item) => <ItemLink id={item.id} name={item.nome} className="font-medium break-words text-slate-900" />,
    },
    { header: "Seriale", sortKey: "seriale", className: "whitespace-nowrap", cell: (item) => item.seriale ?? "—" },
    { header: "Categoria", sortKey: "categoria", cell: (item) => item.categoria_nome ?? "—" },
    {
      header: "Disponibili",
      className: "whitespace-nowrap",
      cell: (item) => `${item.unita_disponibili} su ${item.quantita_totale}`,
    },
    { header: "Stato", cell: (item) => <ItemStateBadge state={item.stato_effettivo} /> },
    {
      header: "Aggiunto il",
      sortKey: "data_aggiunta",
      className: "whitespace-nowrap",
      cell: (item) => formatDate(item.data_aggiunta),
    },
    {
      header: "Azioni",
      className: "w-px whitespace-nowrap",
      cell: (item) => (
        <div className="-my-1.5 flex">
          <ItemButtons item={item} {...actions} />
        </div>
      ),
    },
  ];
  return (
    <SortableTable
      caption="Inventario"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      sort={sort}
      onSort={onSort}
    />
  );
}
