import { ShieldCheck, UserRound } from "lucide-react";
import { useState } from "react";
import { type NewUserInput, useCreateUser } from "../../../api/users";
import { Alert } from "../../../components/alert";
import { FormActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { RadioCard } from "../../../components/radio-card";
import { useToast } from "../../../components/toast";
import { useCheckedSubmit } from "../../../lib/use-checked-submit";
import { NewPasswordFields, NO_PASSWORD, newPasswordProblem } from "./new-password-fields";
import { ProfileFields, profileFieldErrors, profileProblem } from "./profile-fields";

const EMPTY_USER: Omit<NewUserInput, "password"> = {
  name: "",
  surname: "",
  email: "",
  matricola: "",
  phone: "",
  corso_accademico: "",
  ruolo: "user",
};

const ROLES = [
  { value: "user", label: "Utente", text: "Studente: richiede e prende in prestito", icon: UserRound },
  { value: "admin", label: "Amministratore", text: "Personale del banco prestiti", icon: ShieldCheck },
] as const;

export function NewUserModal({ onClose }: { onClose: () => void }) {
  const [form, setForm] = useState(EMPTY_USER);
  const [password, setPassword] = useState(NO_PASSWORD);
  const createUser = useCreateUser();
  const showToast = useToast();
  const { attempted, problem, submit } = useCheckedSubmit(
    () => profileProblem(form) ?? newPasswordProblem(password, "Compila tutti i campi obbligatori"),
    () =>
      createUser.mutate(
        { ...form, password: password.password },
        {
          onSuccess: () => {
            showToast(`Utente ${form.name} ${form.surname} creato`);
            onClose();
          },
        },
      ),
  );

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
          <NewPasswordFields
            passwordLabel="Password"
            value={password}
            onChange={setPassword}
            showProblems={attempted}
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
