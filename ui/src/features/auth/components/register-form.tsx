import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../../../../src/domain/password-policy";
import { type RegistrationInput, useRegister } from "../../../api/auth";
import { PasswordField, SelectField, TextField } from "../../../components/form-field";
import { useCourseNames } from "../../../lib/courses";
import type { User } from "../../../lib/user";
import { AuthHeading, AuthSubmit, TextLink } from "./auth-layout";

interface RegisterFormProps {
  onSignedIn: (token: string, user: User) => void;
  onLogin: () => void;
}

const EMPTY_FORM: RegistrationInput = {
  email: "",
  password: "",
  name: "",
  surname: "",
  matricola: "",
  corso_accademico: "",
};

type FieldErrors = Partial<Record<keyof RegistrationInput, string>>;

const REQUIRED = "Campo obbligatorio";

/** What is wrong with each field, so that each one says it; empty when the form can be sent. */
function fieldErrors(form: RegistrationInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of Object.keys(form) as Array<keyof RegistrationInput>)
    if (form[key].trim() === "") errors[key] = REQUIRED;
  const password = form.password.trim() === "" ? null : passwordProblem(form.password);
  if (password) errors.password = password;
  return errors;
}

/** The form's own message above the button: the spec's sentence when something is missing. */
function formProblem(errors: FieldErrors): string | null {
  const messages = Object.values(errors);
  if (messages.includes(REQUIRED)) return "Compila tutti i campi obbligatori";
  return messages[0] ?? null;
}

export function RegisterForm({ onSignedIn, onLogin }: RegisterFormProps) {
  const courseNames = useCourseNames();
  const [form, setForm] = useState(EMPTY_FORM);
  // Shown from the first attempt to send on, and updated as the person corrects each field.
  const [attempted, setAttempted] = useState(false);
  const register = useRegister();
  const errors = attempted ? fieldErrors(form) : {};

  const field = (key: keyof RegistrationInput) => ({
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(fieldErrors(form)).length > 0) return;
    register.mutate(form, { onSuccess: ({ token, user }) => onSignedIn(token, user) });
  }

  const error = formProblem(errors) ?? register.error?.message;
  return (
    <>
      <AuthHeading title="Crea un account" text="Registrati con i dati da studente per richiedere attrezzature." />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label="Email" type="email" autoComplete="email" autoCapitalize="none" {...field("email")} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`Almeno ${MIN_PASSWORD_LENGTH} caratteri, evita le password più comuni.`}
          {...field("password")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nome" autoComplete="given-name" {...field("name")} />
          <TextField label="Cognome" autoComplete="family-name" {...field("surname")} />
        </div>
        <TextField label="Matricola" autoCapitalize="characters" {...field("matricola")} />
        <SelectField label="Corso accademico" {...field("corso_accademico")}>
          <option value="">Seleziona il tuo corso</option>
          {courseNames.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </SelectField>
        <AuthSubmit error={error} icon={UserPlus} busy={register.isPending} busyLabel="Registrazione in corso...">
          Registrati
        </AuthSubmit>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <TextLink onClick={onLogin}>Hai già un account? Accedi</TextLink>
      </p>
    </>
  );
}
