import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { COURSES } from "../../../../../src/domain/courses";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../../../../src/domain/password-policy";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PasswordField, SelectField, TextField } from "../../../components/form-field";
import type { User } from "../../../lib/user";
import { type RegistrationInput, useRegister } from "../api/register";
import { AuthHeading, TextLink } from "./auth-layout";

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

function validationProblem(form: RegistrationInput): string | null {
  const missing = Object.values(form).some((value) => value.trim() === "");
  if (missing) return "Compila tutti i campi obbligatori";
  return passwordProblem(form.password);
}

export function RegisterForm({ onSignedIn, onLogin }: RegisterFormProps) {
  const [form, setForm] = useState(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const register = useRegister();

  const field = (key: keyof RegistrationInput) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validationProblem(form);
    setProblem(found);
    if (found) return;
    register.mutate(form, { onSuccess: ({ token, user }) => onSignedIn(token, user) });
  }

  const error = problem ?? register.error?.message;
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
          {COURSES.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </SelectField>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" icon={UserPlus} busy={register.isPending} className="w-full">
          {register.isPending ? "Registrazione in corso..." : "Registrati"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <TextLink onClick={onLogin}>Hai già un account? Accedi</TextLink>
      </p>
    </>
  );
}
