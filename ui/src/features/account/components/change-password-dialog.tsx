import { type FormEvent, useState } from "react";
import { passwordProblem } from "../../../../../src/domain/password-policy";
import { type SignedInAnswer, useChangePassword } from "../../../api/auth";
import { FormActions } from "../../../components/form-actions";
import { PasswordField } from "../../../components/form-field";
import { Modal } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";

type Field = "current" | "next" | "confirmation";
type FieldErrors = Partial<Record<Field, string>>;

/** The server names the field it refuses (`campo`); its other refusals are shown above the buttons. */
const SERVER_FIELDS: Record<string, Field> = { password_attuale: "current", nuova_password: "next" };

function fieldErrors(current: string, next: string, confirmation: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!current) errors.current = "Inserisci la password attuale";
  const problem = next ? passwordProblem(next) : "Inserisci la nuova password";
  if (problem) errors.next = problem;
  else if (next === current) errors.next = "La nuova password deve essere diversa da quella attuale";
  if (!confirmation) errors.confirmation = "Ripeti la nuova password";
  else if (next && confirmation !== next) errors.confirmation = "Le password non coincidono";
  return errors;
}

/**
 * "Cambia password" for whoever is signed in: the current password, the new one twice. On success every
 * other session of the account has ended and `onChanged` receives this device's new one.
 */
export function ChangePasswordDialog({
  onChanged,
  onClose,
}: {
  onChanged: (session: SignedInAnswer) => void;
  onClose: () => void;
}) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const changePassword = useChangePassword();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = fieldErrors(current, next, confirmation);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    changePassword.mutate(
      { password_attuale: current, nuova_password: next },
      {
        onSuccess: ({ token, user }) => {
          onChanged({ token, user });
          showToast("Password cambiata: le sessioni aperte su altri dispositivi sono state chiuse");
          onClose();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? SERVER_FIELDS[String(error.body.campo)] : undefined;
          if (field) setErrors({ [field]: error.message });
        },
      },
    );
  }

  const failure = changePassword.error;
  const generalError = failure && !(failure instanceof ApiError && SERVER_FIELDS[String(failure.body.campo)]);
  return (
    <Modal title="Cambia password" onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Password attuale"
          autoComplete="current-password"
          value={current}
          error={errors.current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <PasswordField
          label="Nuova password"
          autoComplete="new-password"
          hint="Almeno 8 caratteri, non una password comune."
          value={next}
          error={errors.next}
          onChange={(event) => setNext(event.target.value)}
        />
        <PasswordField
          label="Conferma nuova password"
          autoComplete="new-password"
          hint="Le sessioni aperte su altri dispositivi verranno chiuse."
          value={confirmation}
          error={errors.confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <FormActions
          error={generalError ? failure?.message : null}
          onCancel={onClose}
          submitLabel="Cambia password"
          busy={changePassword.isPending}
        />
      </form>
    </Modal>
  );
}
