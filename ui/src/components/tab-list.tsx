import type { KeyboardEvent, ReactNode } from "react";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Shown in a badge after the label; no badge when undefined. */
  count?: number | string;
}

interface TabListProps<K extends string> {
  /** The accessible name of the tab list. */
  label: string;
  /** Tab ids are `${idPrefix}-${key}`; the panel names its tab with `aria-labelledby`. */
  idPrefix: string;
  panelId: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Layout of the list (grid, flex, width, background). */
  className: string;
  /** Layout of each tab (size, padding, rounding, flex direction). */
  tabClassName: string;
  labelClassName?: string;
  /** The badge of a tab that is not selected. */
  idleBadgeClassName?: string;
}

/**
 * Tabs as one control (WAI-ARIA tabs pattern): the selected tab is the only one in the Tab order and the
 * arrow keys move the selection, and the focus, to the previous or next tab.
 */
export function TabList<K extends string>({
  label,
  idPrefix,
  panelId,
  tabs,
  selected,
  onSelect,
  className,
  tabClassName,
  labelClassName,
  idleBadgeClassName = "bg-slate-200 text-slate-600",
}: TabListProps<K>) {
  function moveWithArrows(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex(({ key }) => key === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    document.getElementById(`${idPrefix}-${next.key}`)?.focus();
  }

  return (
    <div role="tablist" aria-label={label} onKeyDown={moveWithArrows} className={className}>
      {tabs.map(({ key, label: tabLabel, count }) => {
        const isSelected = key === selected;
        return (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${idPrefix}-${key}`}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(key)}
            className={`${tabClassName} text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              isSelected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
            }`}
          >
            <span className={labelClassName}>{tabLabel}</span>
            {count !== undefined && (
              <>
                {" "}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs whitespace-nowrap ${isSelected ? "bg-indigo-100 text-indigo-700" : idleBadgeClassName}`}
                >
                  {count}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}

interface TabPanelProps {
  /** The `panelId` given to the TabList. */
  id: string;
  /** The id of the selected tab, which names the panel. */
  tabId: string;
  /** The selected tab's label: the panel's heading, for those who move by headings. */
  title: string;
  className?: string;
  children: ReactNode;
}

/**
 * The panel of a TabList. Its heading (read, not shown: the selected tab already shows it) sits between
 * the page's title and the cards' own headings, so the outline has no gap.
 */
export function TabPanel({ id, tabId, title, className, children }: TabPanelProps) {
  return (
    <div id={id} role="tabpanel" aria-labelledby={tabId} className={className}>
      <h2 className="sr-only">{title}</h2>
      {children}
    </div>
  );
}
