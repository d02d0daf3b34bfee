import { Search } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { useNavigate } from "react-router";
import { MIN_SEARCH_LENGTH } from "../../../../../src/domain/search";
import { useGlobalSearch } from "../../../api/search";
import { Modal } from "../../../components/modal";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { searchGroups } from "./search-results";

const TYPING_PAUSE_MS = 150;

/** Where a "/" typed on the page is text, not the search shortcut. */
function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * The desk's search of everything: the header's field, or Ctrl-K (⌘K) and "/" anywhere. Items, unit
 * codes, students and open loans appear as one types; arrows move through them, Enter opens one.
 */
export function GlobalSearch() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      const shortcut = (event.key === "k" || event.key === "K") && (event.ctrlKey || event.metaKey);
      if (shortcut || (event.key === "/" && !isEditable(event.target))) {
        event.preventDefault();
        setOpen(true);
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K /"
        className="flex h-10 items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Search className="size-4" aria-hidden="true" />
        <span className="hidden md:inline">Cerca</span>
        <span className="sr-only md:hidden">Cerca</span>
        <kbd className="hidden rounded border border-slate-200 px-1.5 text-xs text-slate-600 lg:inline">Ctrl K</kbd>
      </button>
      {open && <SearchDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SearchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const listId = useId();
  const [term, setTerm] = useState("");
  const [active, setActive] = useState(0);
  const settled = useDebouncedValue(term, TYPING_PAUSE_MS);
  const search = useGlobalSearch(settled);
  const tooShort = term.trim().length < MIN_SEARCH_LENGTH;
  const groups = !tooShort && search.data ? searchGroups(search.data) : [];
  const hits = groups.flatMap((group) => group.hits);
  const current = hits[Math.min(active, hits.length - 1)];

  function openHit(href: string) {
    onClose();
    navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (Math.min(index, hits.length - 1) + step + hits.length) % hits.length);
    }
    if (event.key === "Enter" && current) {
      event.preventDefault();
      openHit(current.href);
    }
  }

  let status = "";
  if (tooShort) status = `Scrivi almeno ${MIN_SEARCH_LENGTH} caratteri: articoli, codici, studenti e prestiti.`;
  else if (search.isError) status = "Ricerca non riuscita. Riprova.";
  else if (search.data && settled === term && hits.length === 0) status = `Nessun risultato per "${term.trim()}".`;

  return (
    <Modal title="Cerca" description="Articoli, codici delle unità, studenti e prestiti in corso." onClose={onClose}>
      <div className="relative">
        <Search className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500" aria-hidden="true" />
        <input
          type="search"
          role="combobox"
          aria-label="Cerca in PrestaLab"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Es. Canon, FOTOCAMERA_002, Rossi"
          className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-slate-900 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
        />
      </div>
      <p role="status" className="mt-3 text-sm text-slate-600">
        {status}
      </p>
      <div id={listId} role="listbox" aria-label="Risultati" className="mt-1 max-h-[60vh] space-y-3 overflow-y-auto">
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: inside a listbox, options are grouped by role; a fieldset belongs to forms
          <div key={group.title} role="group" aria-label={group.title}>
            <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.title}</p>
            {group.hits.map((hit) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's arrows and Enter drive the options
              <div
                key={hit.id}
                id={`${listId}-${hit.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={hit === current}
                onClick={() => openHit(hit.href)}
                className={`cursor-pointer rounded-lg px-2 py-2 ${hit === current ? "bg-indigo-50" : "hover:bg-slate-50"}`}
              >
                <span className="block text-sm font-medium text-slate-900">{hit.label}</span>
                <span className="block text-xs text-slate-600">{hit.detail}</span>
              </div>
            ))}
          </div>
        ))}
      </div>
    </Modal>
  );
}
