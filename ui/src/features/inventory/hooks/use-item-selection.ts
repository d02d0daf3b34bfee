import { useState } from "react";
import type { InventoryItem } from "../../../api/inventario";

const byName = new Intl.Collator("it", { sensitivity: "base", numeric: true });

/**
 * The items ticked for printing labels, kept as they were when ticked: a selection survives a new search
 * or filter. `items` are the ones shown now.
 */
export function useItemSelection(items: InventoryItem[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, InventoryItem>>(new Map());
  const selectedOnPage = items.filter((item) => selected.has(item.id)).length;

  function toggle(item: InventoryItem) {
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(item.id)) next.set(item.id, item);
      return next;
    });
  }

  /** Ticks every item shown, or unticks them all when they all are. */
  function togglePage() {
    const tick = selectedOnPage < items.length;
    setSelected((current) => {
      const next = new Map(current);
      for (const item of items) {
        if (tick) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  }

  function unselect(item: InventoryItem) {
    setSelected((current) => {
      const next = new Map(current);
      next.delete(item.id);
      return next;
    });
  }

  return {
    ids: new Set(selected.keys()) as ReadonlySet<number>,
    selectedOnPage,
    // A ticked item shown again counts as the server shows it now (its units may have changed); labels
    // come out in name order, whatever order the items were ticked in.
    items: [...selected.values()]
      .map((item) => items.find((shown) => shown.id === item.id) ?? item)
      .sort((a, b) => byName.compare(a.nome, b.nome)),
    toggle,
    togglePage,
    unselect,
    clear: () => setSelected(new Map()),
  };
}
