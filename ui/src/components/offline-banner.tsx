import { WifiOff } from "lucide-react";
import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * A strip across the top while the browser has no network: the screens keep what they last loaded, so
 * the person must know it may be out of date. It disappears by itself when the network is back.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      <span>Connessione assente: i dati mostrati potrebbero non essere aggiornati.</span>
    </div>
  );
}
