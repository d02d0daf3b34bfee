import type { LucideIcon } from "lucide-react";

/** The heading of a white card on the statistics and System pages: its icon, then its title. */
export function CardHeading({ id, icon: Icon, title }: { id: string; icon: LucideIcon; title: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
      <Icon className="size-4 text-indigo-600" aria-hidden="true" />
      {title}
    </h2>
  );
}
