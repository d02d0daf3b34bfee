import { AlertCircle, CheckCircle2 } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { CloseButton } from "./close-button";

type ToastTone = "success" | "error";

interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

type ShowToast = (message: string, tone?: ToastTone) => void;

const ToastContext = createContext<ShowToast | null>(null);
const VISIBLE_MS = 5000;

/** Short in-app messages after an action (the product never uses window.alert). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);

  const show = useCallback<ShowToast>(
    (message, tone = "success") => {
      const id = nextId.current++;
      setToasts((shown) => [...shown, { id, tone, message }]);
      setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* On a phone the bottom of the screen holds a drawer's or a dialog's buttons: the toasts come down
          from the top there, and stay in the bottom corner on a wider screen. */}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex flex-col items-center gap-2 px-4 sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:items-end">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === "error" ? "alert" : "status"}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg ${
              toast.tone === "error" ? "border-red-200 text-red-800" : "border-emerald-200 text-emerald-800"
            }`}
          >
            {toast.tone === "error" ? (
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <p className="flex-1 text-slate-700">{toast.message}</p>
            <CloseButton
              label="Chiudi messaggio"
              onClick={() => dismiss(toast.id)}
              className="-m-1 rounded p-1 text-slate-500 hover:text-slate-600"
              small
            />
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast must be used inside ToastProvider");
  return show;
}
