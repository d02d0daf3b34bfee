import { Printer } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  DEFAULT_LABEL_FORMAT,
  isSheet,
  LABEL_FORMAT_NAMES,
  LABEL_FORMATS,
  type LabelFormat,
} from "../../../src/domain/label-formats";
import { countWith } from "../lib/plural";
import { FormActions } from "./form-actions";
import { SelectField, TextField } from "./form-field";
import { Modal } from "./modal";

/** The desk prints on the same printer day after day: the format last used is offered first. */
const FORMAT_KEY = "prestalab.formato-etichette";

export function lastLabelFormat(): LabelFormat {
  const stored = localStorage.getItem(FORMAT_KEY);
  return LABEL_FORMAT_NAMES.find((format) => format === stored) ?? DEFAULT_LABEL_FORMAT;
}

interface LabelsDialogProps {
  units: number;
  /** What is labelled, when it is not the units counted by `units` (a kit's own label). */
  subject?: string;
  onPrint: (format: LabelFormat, start: number) => Promise<void>;
  onClose: () => void;
}

/** Where the labels go: a sheet (from its first free position, to use up a sheet already started) or a roll. */
export function LabelsDialog({ units, subject, onPrint, onClose }: LabelsDialogProps) {
  const [format, setFormat] = useState(lastLabelFormat);
  const [start, setStart] = useState("1");
  const [busy, setBusy] = useState(false);
  const perSheet = LABEL_FORMATS[format].perSheet;
  const position = Number(start);
  const startError =
    isSheet(format) && !(Number.isInteger(position) && position >= 1 && position <= perSheet)
      ? `Indica una posizione da 1 a ${perSheet}`
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (startError) return;
    localStorage.setItem(FORMAT_KEY, format);
    setBusy(true);
    try {
      await onPrint(format, isSheet(format) ? position : 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="Stampa etichette"
      description={`${subject ?? countWith(units, "unità", "unità")}: codice QR e codice a barre`}
      onClose={onClose}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SelectField label="Formato" value={format} onChange={(event) => setFormat(event.target.value as LabelFormat)}>
          {LABEL_FORMAT_NAMES.map((name) => (
            <option key={name} value={name}>
              {LABEL_FORMATS[name].name}
            </option>
          ))}
        </SelectField>
        {isSheet(format) && (
          <TextField
            label="Prima etichetta libera del foglio"
            type="number"
            inputMode="numeric"
            min={1}
            max={perSheet}
            value={start}
            onChange={(event) => setStart(event.target.value)}
            hint={`Da 1 (in alto a sinistra) a ${perSheet}, contando lungo ogni riga: per riusare un foglio già iniziato.`}
            error={startError}
          />
        )}
        <FormActions onCancel={onClose} submitLabel="Scarica il PDF" icon={Printer} busy={busy} />
      </form>
    </Modal>
  );
}
