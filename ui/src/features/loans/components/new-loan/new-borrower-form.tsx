import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { type NewUserInput, useCreateUser } from "../../../../api/users";
import { Alert } from "../../../../components/alert";
import { Button } from "../../../../components/button";
import { SelectField, TextField } from "../../../../components/form-field";
import { ApiError } from "../../../../lib/api";
import { useCourseNames } from "../../../../lib/courses";
import type { User } from "../../../../lib/user";
import { generateTemporaryPassword } from "./temporary-password";

type NewBorrowerFields = Omit<NewUserInput, "password" | "ruolo">;

const EMPTY_FORM: NewBorrowerFields = {
  name: "",
  surname: "",
  email: "",
  matricola: "",
  corso_accademico: "",
  phone: "",
};

/** A student registered on the spot, with a temporary password the wizard generates. */
export function NewBorrowerForm({ onCreated }: { onCreated: (user: User, password: string) => void }) {
  const courseNames = useCourseNames();
  const [form, setForm] = useState(EMPTY_FORM);
  const [missing, setMissing] = useState(false);
  const createBorrower = useCreateUser();

  const field = (key: keyof NewBorrowerFields) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const required = [form.name, form.surname, form.email, form.matricola, form.corso_accademico];
    const incomplete = required.some((value) => !value.trim());
    setMissing(incomplete);
    if (incomplete) return;
    const password = generateTemporaryPassword();
    createBorrower.mutate(
      { ...form, password, ruolo: "user" },
      { onSuccess: (answer) => onCreated(answer.user, password) },
    );
  }

  const error = missing
    ? "Compila tutti i campi obbligatori"
    : createBorrower.error &&
      (createBorrower.error instanceof ApiError && createBorrower.error.status > 0
        ? createBorrower.error.message
        : "Errore nella creazione utente");
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nome" autoComplete="off" {...field("name")} />
        <TextField label="Cognome" autoComplete="off" {...field("surname")} />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          placeholder="nome.cognome@accademia.it"
          {...field("email")}
        />
        <TextField label="Matricola" autoComplete="off" {...field("matricola")} />
        <SelectField label="Corso accademico" {...field("corso_accademico")}>
          <option value="">Seleziona un corso</option>
          {courseNames.map((course) => (
            <option key={course} value={course}>
              {course}
            </option>
          ))}
        </SelectField>
        <TextField label="Telefono" type="tel" optional autoComplete="off" {...field("phone")} />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" icon={UserPlus} busy={createBorrower.isPending}>
          Crea utente
        </Button>
      </div>
    </form>
  );
}
