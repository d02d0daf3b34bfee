import { ShieldCheck, UserRound } from "lucide-react";
import { type FormEvent, useState } from "react";
import { passwordProblem } from "../../../../../src/domain/password-policy";
import { type NewUserInput, useCreateUser } from "../../../api/users";
import { Alert } from "../../../components/alert";
import { FormActions } from "../../../components/form-actions";
import { PasswordField } from "../../../components/form-field";
import { Modal } from "../../../components/modal";
import { RadioCard } from "../../../components/radio-card";
import { useToast } from "../../../components/toast";
import { confirmationError, ProfileFields, profileFieldErrors, profileProblem, REQUIRED_FIELD } from "./profile-fields";

const EMPTY_USER: NewUserInput = {
  name: "",
  surname: "",
  email: "",
  matricola: "",
  phone: "",
  corso_accademico: "",
  password: "",
  ruolo: "user",
};

const ROLES = [
  { value: "user", label: "Utente", text: "Studente: richiede e prende in prestito", icon: UserRound },
  { value: "admin", label: "Amministratore", text: "Personale del banco prestiti", icon: ShieldCheck },
] as const;

export function NewUserModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState(EMPTY_USER);
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Each field says what is wrong from the first attempt to save on.
  const [attempted, setAttempted] = useState(false);
  const createUser = useCreateUser();
  const showToast = useToast();

  function findProblem(): string | null {
    const profile = profileProblem(form);
    if (profile) return profile;
    if (!form.password || !confirmation) return "Compila tutti i campi obbligatori";
    if (form.password !== confirmation) return "Le password non coincidono";
    return passwordProblem(form.password);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = findProblem();
    setProblem(found);
    if (found) return;
    createUser.mutate(form, {
      onSuccess: () => {
        showToast(`Utente ${form.name} ${form.surname} creato`);
        onClose();
      },
    });
  }

  const error = problem ?? createUser.error?.message;
  return (
    <Modal
      title="Nuovo Utente"
      description="Crea un account per uno studente o per il personale."
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <ProfileFields
          value={form}
          errors={attempted ? profileFieldErrors(form) : {}}
          onChange={(profile) => setForm((current) => ({ ...current, ...profile }))}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={form.password}
            error={attempted && !form.password ? REQUIRED_FIELD : null}
            onChange={(event) => setForm((current) => ({ ...current, password: event.target.value }))}
          />
          <PasswordField
            label="Conferma password"
            autoComplete="new-password"
            value={confirmation}
            error={attempted ? confirmationError(form.password, confirmation) : null}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-700">Ruolo</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {ROLES.map(({ value, label, text, icon: Icon }) => (
              <RadioCard
                key={value}
                name="ruolo"
                checked={form.ruolo === value}
                onSelect={() => setForm((current) => ({ ...current, ruolo: value }))}
                align="start"
              >
                <Icon className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden="true" />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{label}</span>
                  <span className="block text-xs text-slate-600">{text}</span>
                </span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
        {form.ruolo === "admin" && (
          <Alert tone="warning">
            Gli amministratori hanno accesso completo al sistema: inventario, prestiti, utenti e password.
          </Alert>
        )}
        <FormActions error={error} onCancel={onClose} submitLabel="Crea Utente" busy={createUser.isPending} />
      </form>
    </Modal>
  );
}
