import { ChevronDown, type LucideIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";

interface CollapsibleSectionProps {
  title: string;
  icon: LucideIcon;
  /** A short note shown in the header even while closed. */
  summary?: string;
  children: ReactNode;
}

/** A card whose body opens and closes from its header button; closed at first. */
export function CollapsibleSection({ title, icon: Icon, summary, children }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((shown) => !shown)}
          className="flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:px-5"
        >
          <Icon className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          <span className="flex-1 text-base font-semibold text-slate-900">{title}</span>
          {summary && <span className="hidden text-xs text-slate-500 sm:inline">{summary}</span>}
          <ChevronDown
            className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`}
            aria-hidden="true"
          />
        </button>
      </h2>
      {open && (
        <div id={bodyId} className="border-t border-slate-100 px-4 py-4 sm:px-5">
          {children}
        </div>
      )}
    </section>
  );
}
