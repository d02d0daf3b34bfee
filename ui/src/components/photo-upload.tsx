import { Camera } from "lucide-react";
import { type DragEvent, useId, useState } from "react";
import { type SavedPhoto, uploadPhoto } from "../api/photos";

interface PhotoUploadProps {
  /** Where the photo goes: `/api/inventario/:id/foto` or `/api/segnalazioni/:id/foto`. */
  path: string;
  label: string;
  /** Sent with the file, e.g. `unita_id` for a unit's photo. */
  fields?: Record<string, string>;
  onUploaded: (photo: SavedPhoto) => void;
}

/**
 * Adds a photo: dropped on the area, chosen among the files, or taken with the phone's camera (`capture`
 * opens it directly on a phone). The server checks and re-encodes it; its refusal is shown as it says.
 */
export function PhotoUpload({ path, label, fields, onUploaded }: PhotoUploadProps) {
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      onUploaded(await uploadPhoto(path, file, fields));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  }

  return (
    <div>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed px-4 py-3 text-center text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
          dragging ? "border-indigo-500 bg-indigo-50 text-indigo-700" : "border-slate-300 text-slate-600"
        }`}
      >
        <Camera className="size-5" aria-hidden="true" />
        <span className="font-medium">{busy ? "Caricamento della foto..." : label}</span>
        <span className="text-xs text-slate-500">Trascina qui una foto, sceglila o scattala (JPEG o PNG)</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          disabled={busy}
          className="sr-only"
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </label>
      {problem && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
