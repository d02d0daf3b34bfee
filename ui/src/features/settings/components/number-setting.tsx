import type { AcademySettings } from "../../../../../src/domain/academy-settings";
import { TextField } from "../../../components/form-field";
import type { SettingsSectionProps } from "../hooks/use-settings-form";

/** The settings a number always gives. */
type CountKey = { [K in keyof AcademySettings]: AcademySettings[K] extends number ? K : never }[keyof AcademySettings];

/** The settings where no number means no limit. */
type LimitKey = {
  [K in keyof AcademySettings]: AcademySettings[K] extends number | null
    ? null extends AcademySettings[K]
      ? K
      : never
    : never;
}[keyof AcademySettings];

interface NumberFieldProps {
  label: string;
  hint?: string;
  min: number;
  max?: number;
}

/** A setting typed as a whole number, saved as typed. */
export function CountSetting({
  draft,
  set,
  name,
  ...field
}: SettingsSectionProps & NumberFieldProps & { name: CountKey }) {
  return (
    <TextField
      {...field}
      type="number"
      value={draft[name]}
      onChange={(event) => set({ [name]: Number(event.target.value) })}
    />
  );
}

/** A limit the academy may leave out: the field is optional, and left empty it saves "no limit" (null). */
export function LimitSetting({
  draft,
  set,
  name,
  hint,
  ...field
}: SettingsSectionProps & NumberFieldProps & { name: LimitKey }) {
  return (
    <TextField
      {...field}
      optional
      hint={`Vuoto = nessun limite.${hint ? ` ${hint}` : ""}`}
      type="number"
      value={draft[name] ?? ""}
      onChange={(event) => set({ [name]: event.target.value.trim() === "" ? null : Number(event.target.value) })}
    />
  );
}
