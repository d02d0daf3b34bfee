import type { ProfileInput } from "../../../api/users";
import { SelectField, TextField } from "../../../components/form-field";
import { useCourseNames } from "../../../lib/courses";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const REQUIRED_FIELD = "Campo obbligatorio";

export type ProfileErrors = Partial<Record<keyof ProfileInput, string>>;

/** What is wrong with each field of a profile, so that each field says it. */
export function profileFieldErrors(profile: ProfileInput): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const key of ["name", "surname", "email", "matricola"] as const)
    if (profile[key].trim() === "") errors[key] = REQUIRED_FIELD;
  if (!errors.email && !EMAIL.test(profile.email.trim())) errors.email = "Inserisci un indirizzo email valido";
  return errors;
}

/** What stops a profile from being sent, as the message to show above the buttons; null when it can go. */
export function profileProblem(profile: ProfileInput): string | null {
  const errors = profileFieldErrors(profile);
  if (Object.values(errors).includes(REQUIRED_FIELD)) return "Compila tutti i campi obbligatori";
  return errors.email ?? null;
}

export function ProfileFields({
  value,
  onChange,
  errors = {},
}: {
  value: ProfileInput;
  onChange: (next: ProfileInput) => void;
  errors?: ProfileErrors;
}) {
  // The student's own course stays offered even once archived.
  const courseNames = useCourseNames(value.corso_accademico);
  const field = (key: keyof ProfileInput) => ({
    value: value[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [key]: event.target.value }),
  });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Nome" autoComplete="off" {...field("name")} />
      <TextField label="Cognome" autoComplete="off" {...field("surname")} />
      <TextField label="Email" type="email" autoComplete="off" autoCapitalize="none" {...field("email")} />
      <TextField label="Matricola" autoComplete="off" {...field("matricola")} />
      <TextField label="Telefono" type="tel" optional autoComplete="off" {...field("phone")} />
      <SelectField label="Corso accademico" optional {...field("corso_accademico")}>
        <option value="">Nessun corso</option>
        {courseNames.map((course) => (
          <option key={course} value={course}>
            {course}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
