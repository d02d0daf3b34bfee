import { Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../../../components/button";

/** The student just registered, with the temporary password shown once to copy or read out. */
export function CreatedBorrower({ name, password }: { name: string; password: string }) {
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // It replaces the form's button that was pressed: the focus moves here, where the desk acts next.
  useEffect(() => panel.current?.querySelector("button")?.focus(), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch (error) {
      console.warn("Copia negli appunti non riuscita:", error);
    }
  }
  return (
    <div ref={panel} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="text-sm font-medium text-emerald-900">Utente {name} creato e selezionato.</p>
      <div>
        <p id="temporary-password-label" className="flex items-center gap-1.5 text-xs font-medium text-emerald-900">
          <KeyRound className="size-3.5" aria-hidden="true" />
          Password temporanea
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <output
            aria-labelledby="temporary-password-label"
            className="rounded-md bg-white px-3 py-1.5 font-mono text-sm tracking-wide break-words text-slate-900 ring-1 ring-emerald-200"
          >
            {password}
          </output>
          <Button variant="secondary" icon={Copy} onClick={copy} className="px-3 py-1.5">
            {copied ? "Copiata" : "Copia"}
          </Button>
        </div>
      </div>
      <p className="text-xs text-emerald-800">Comunicala ora all'utente: non verrà più mostrata.</p>
    </div>
  );
}
