import { COURSES } from "../../../../../src/domain/courses";
import { SelectField, TextField } from "../../../components/form-field";
import type { ProfileInput } from "../api/update-user";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What stops a profile from being sent, as the message to show; null when it can go. */
export function profileProblem(profile: ProfileInput): string | null {
  const { name, surname, email, matricola } = profile;
  if ([name, surname, email, matricola].some((value) => value.trim() === ""))
    return "Compila tutti i campi obbligatori";
  if (!EMAIL.test(email.trim())) return "Inserisci un indirizzo email valido";
  return null;
}

export function ProfileFields({ value, onChange }: { value: ProfileInput; onChange: (next: ProfileInput) => void }) {
  const field = (key: keyof ProfileInput) => ({
    value: value[key],
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
        {COURSES.map((course) => (
          <option key={course} value={course}>
            {course}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
