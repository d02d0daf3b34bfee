import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardHeading } from "../../../components/card-heading";

interface SystemCardProps {
  headingId: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}

/** A card of the System page about one service: its heading with an icon, then what the card says. */
export function SystemCard({ headingId, icon, title, children }: SystemCardProps) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <CardHeading id={headingId} icon={icon} title={title} />
      {children}
    </section>
  );
}
