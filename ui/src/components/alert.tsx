import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import type { ReactNode } from "react";

type Tone = "error" | "success" | "info" | "warning";

const STYLES: Record<Tone, { box: string; icon: typeof Info }> = {
  error: { box: "border-red-200 bg-red-50 text-red-800", icon: AlertCircle },
  success: { box: "border-emerald-200 bg-emerald-50 text-emerald-800", icon: CheckCircle2 },
  info: { box: "border-indigo-200 bg-indigo-50 text-indigo-800", icon: Info },
  warning: { box: "border-amber-200 bg-amber-50 text-amber-800", icon: AlertCircle },
};

/** An inline message inside a page or a form; errors are announced at once to screen readers. */
export function Alert({ tone, children, action }: { tone: Tone; children: ReactNode; action?: ReactNode }) {
  const { box, icon: Icon } = STYLES[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${box}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}
