import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A calm card (indigo icon) or one that asks for attention (red frame and icon). */
const TONES = {
  calm: { frame: "border-slate-200", icon: "text-indigo-600" },
  alarm: { frame: "border-red-200", icon: "text-red-600" },
};

interface DashboardListCardProps {
  titleId: string;
  title: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  /** The list, named by the title. */
  children: ReactNode;
}

/** A dashboard card that lists what waits for the desk: its icon and title over the list. */
export function DashboardListCard({ titleId, title, icon: Icon, tone, children }: DashboardListCardProps) {
  const look = TONES[tone];
  return (
    <section aria-labelledby={titleId} className={`rounded-xl border ${look.frame} bg-white shadow-sm`}>
      <header className="flex items-center gap-2 border-b border-slate-100 px-5 py-4">
        <Icon className={`size-5 ${look.icon}`} aria-hidden="true" />
        <h2 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}
