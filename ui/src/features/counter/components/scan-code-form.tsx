import { Camera, CameraOff, ScanLine, Search } from "lucide-react";
import { type FormEvent, lazy, type RefObject, Suspense } from "react";
import { Button } from "../../../components/button";
import { LoadingState } from "../../../components/spinner";

// The fallback QR decoder is large: it is downloaded only when the camera is turned on.
const CameraScanner = lazy(() =>
  import("../scan/camera-scanner").then((module) => ({ default: module.CameraScanner })),
);

interface ScanCodeFormProps {
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: (event: FormEvent) => void;
  searching: boolean;
  camera: boolean;
  onToggleCamera: () => void;
  onCameraCode: (code: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}

/** The counter's code field (a USB scanner types into it) and the camera that reads a label instead. */
export function ScanCodeForm({
  code,
  onCodeChange,
  onSubmit,
  searching,
  camera,
  onToggleCamera,
  onCameraCode,
  fieldRef,
}: ScanCodeFormProps) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <form onSubmit={onSubmit} className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor="counter-code" className="sr-only">
            Codice dell'unità
          </label>
          <ScanLine
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            id="counter-code"
            ref={fieldRef}
            // biome-ignore lint/a11y/noAutofocus: the counter is scan first; a USB scanner types into this field
            autoFocus
            autoComplete="off"
            value={code}
            onChange={(event) => onCodeChange(event.target.value)}
            placeholder="Codice unità o link dell'etichetta"
            className="block w-full rounded-lg border border-slate-300 py-3 pr-3 pl-10 font-mono text-base focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 focus:outline-none"
          />
        </div>
        <div className="flex gap-2">
          <Button type="submit" icon={Search} busy={searching} className="flex-1">
            Cerca
          </Button>
          <Button
            type="button"
            variant="secondary"
            icon={camera ? CameraOff : Camera}
            onClick={onToggleCamera}
            aria-pressed={camera}
            className="flex-1 whitespace-nowrap"
          >
            {camera ? "Chiudi fotocamera" : "Fotocamera"}
          </Button>
        </div>
      </form>
      {camera && (
        <div className="mt-4 flex justify-center">
          <Suspense fallback={<LoadingState label="Avvio della fotocamera..." />}>
            <CameraScanner onCode={onCameraCode} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
