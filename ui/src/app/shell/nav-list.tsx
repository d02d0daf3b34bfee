import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

export interface NavItem {
  key: string;
  label: string;
  icon: LucideIcon;
  /** A history route (admin); without it the item switches a view held in state (student area). */
  href?: string;
  /** Reached on desktop through the footer only, so listed in the mobile menu alone. */
  mobileOnly?: boolean;
}

const TONES = {
  dark: {
    active: "bg-indigo-600 text-white shadow-sm",
    idle: "text-slate-300 hover:bg-slate-800 hover:text-white",
  },
  light: {
    active: "bg-indigo-50 text-indigo-700",
    idle: "text-slate-700 hover:bg-slate-100",
  },
};

interface NavListProps {
  items: NavItem[];
  activeKey: string;
  onSelect: (key: string) => void;
  tone: keyof typeof TONES;
}

export function NavList({ items, activeKey, onSelect, tone }: NavListProps) {
  return (
    <ul className="space-y-1">
      {items.map(({ key, label, icon: Icon, href }) => {
        const active = key === activeKey;
        const className = `flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 ${
          active ? TONES[tone].active : TONES[tone].idle
        }`;
        const content = (
          <>
            <Icon className="size-5 shrink-0" aria-hidden="true" />
            {label}
          </>
        );
        return (
          <li key={key}>
            {href ? (
              <Link
                to={href}
                onClick={() => onSelect(key)}
                aria-current={active ? "page" : undefined}
                className={className}
              >
                {content}
              </Link>
            ) : (
              <button
                type="button"
                onClick={() => onSelect(key)}
                aria-current={active ? "page" : undefined}
                className={className}
              >
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
