import { useEffect, useRef, useState } from "react";
import { decodeFrame, nativeBarcodeReader } from "./decode-frame";

/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const FRAME_INTERVAL_MS = 250;

/**
 * The back camera in a video; every few frames are read for a QR code, and the first one found is
 * handed to `onCode` (the scanner then stops). Without a camera or permission it says so.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const reader = nativeBarcodeReader();
    const canvas = document.createElement("canvas");
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setProblem("Questo browser non può usare la fotocamera: scrivi il codice.");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      } catch {
        setProblem("Fotocamera non disponibile o non autorizzata: scrivi il codice.");
        return;
      }
      const element = video.current;
      if (!element || stopped) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      timer = setInterval(async () => {
        if (!element.videoWidth) return;
        canvas.width = element.videoWidth;
        canvas.height = element.videoHeight;
        const context = canvas.getContext("2d", { willReadFrequently: true });
        if (!context) return;
        context.drawImage(element, 0, 0);
        const text = await decodeFrame(context.getImageData(0, 0, canvas.width, canvas.height), reader);
        if (text && !stopped) {
          stopped = true;
          onCode(text);
        }
      }, FRAME_INTERVAL_MS);
    }
    void start();
    return () => {
      stopped = true;
      clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onCode]);

  if (problem)
    return (
      <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {problem}
      </p>
    );
  return (
    <video
      ref={video}
      muted
      playsInline
      aria-label="Inquadra il codice QR dell'etichetta"
      className="aspect-square w-full max-w-sm rounded-xl bg-slate-900 object-cover"
    />
  );
}
