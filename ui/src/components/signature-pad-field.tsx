import { Eraser } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import SignaturePad from "signature_pad";
import { Button } from "./button";

interface SignaturePadFieldProps {
  label: string;
  /** The drawn signature as a PNG data URL, or null once cleared. */
  onChange: (png: string | null) => void;
}

/**
 * A signature drawn on the screen with a finger, a pen or the mouse (pointer events), with "Cancella".
 * Who cannot draw confirms with their password instead: the screens offer both.
 */
export function SignaturePadField({ label, onChange }: SignaturePadFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [signed, setSigned] = useState(false);
  const hintId = useId();
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    // Without a drawing surface (canvas turned off) the pad stays empty: the password remains.
    const context = element?.getContext("2d");
    if (!element || !context) return;
    // Sharp on high-density screens: the drawing buffer follows the pixel ratio, the CSS size stays.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    context.scale(ratio, ratio);
    const drawing = new SignaturePad(element, { penColor: "#0f172a", backgroundColor: "#ffffff" });
    drawing.addEventListener("endStroke", () => {
      setSigned(true);
      changed.current(drawing.toDataURL("image/png"));
    });
    pad.current = drawing;
    return () => drawing.off();
  }, []);

  function clear() {
    pad.current?.clear();
    setSigned(false);
    onChange(null);
  }

  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{label}</span>
        <Button variant="ghost" icon={Eraser} onClick={clear} disabled={!signed} className="px-2 py-1.5">
          Cancella
        </Button>
      </div>
      <canvas
        ref={canvas}
        role="img"
        aria-label={signed ? `${label}: firmato` : `${label}: vuoto`}
        aria-describedby={hintId}
        className="h-40 w-full touch-none rounded-lg border-2 border-dashed border-slate-300 bg-white"
      />
      <p id={hintId} className="text-xs text-slate-500">
        Firma nel riquadro con il dito, la penna o il mouse.
      </p>
    </div>
  );
}
