import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/button";

interface AuthDoneProps {
  icon: LucideIcon;
  title: string;
  /** What happened, and what comes next. */
  children: ReactNode;
  /** The button back to the sign-in. */
  backLabel: string;
  onBack: () => void;
}

/** A password request or reset that went through: what happened, then back to the sign-in. */
export function AuthDone({ icon: Icon, title, children, backLabel, onBack }: AuthDoneProps) {
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
      <Button icon={ArrowLeft} onClick={onBack} className="mt-6 w-full">
        {backLabel}
      </Button>
    </div>
  );
}
