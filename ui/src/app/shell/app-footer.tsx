import { Activity } from "lucide-react";
import { BUILD, VERSION } from "../../../../src/domain/version";
import { useServiceName } from "../../api/system";
import { requestNavigation } from "../../lib/navigation-event";

export function AppFooter() {
  const serviceName = useServiceName();
  return (
    <footer className="border-t border-slate-200 bg-white/60">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-xs text-slate-500 sm:px-6 lg:px-8">
        <p>
          Versione {VERSION} (build {BUILD}) · © 2025 {serviceName}
        </p>
        <button
          type="button"
          onClick={() => requestNavigation("sistema")}
          className="inline-flex items-center gap-1.5 rounded font-medium text-slate-600 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Activity className="size-3.5" aria-hidden="true" />
          Sistema
        </button>
      </div>
    </footer>
  );
}
