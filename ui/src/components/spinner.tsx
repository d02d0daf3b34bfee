import { Loader2 } from "lucide-react";

export function LoadingState({ label = "Caricamento..." }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-sm text-slate-500">
      <Loader2 className="size-5 animate-spin text-indigo-600" aria-hidden="true" />
      {label}
    </div>
  );
}
