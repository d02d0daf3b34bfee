import { ListChecks } from "lucide-react";
import { useSearchParams } from "react-router";
import { useSetCart } from "../../../lib/set-cart";
import { SET_PARAM } from "../../../lib/set-drawer-link";

/** "Il mio set" in the header, with how many things it holds; opens the set drawer. */
export function SetToolbarButton() {
  const lines = useSetCart();
  const [params, setParams] = useSearchParams();
  const count = lines.reduce((sum, line) => sum + line.quantita, 0);

  function open() {
    const next = new URLSearchParams(params);
    next.set(SET_PARAM, "righe");
    setParams(next);
  }

  return (
    <button
      type="button"
      onClick={open}
      aria-label={count === 0 ? "Il mio set, vuoto" : `Il mio set, ${count === 1 ? "1 elemento" : `${count} elementi`}`}
      className="relative inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ListChecks className="size-5" aria-hidden="true" />
      <span className="hidden sm:inline">Il mio set</span>
      {count > 0 && (
        <span aria-hidden="true" className="rounded-full bg-indigo-600 px-1.5 text-xs font-semibold text-white">
          {count}
        </span>
      )}
    </button>
  );
}
