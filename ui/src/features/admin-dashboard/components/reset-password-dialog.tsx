import { type FormEvent, useState } from "react";
import type { PasswordResetRequest } from "../../../api/auth";
import { useAdminResetPassword } from "../../../api/auth";
import { FormActions } from "../../../components/form-actions";
import { PasswordField } from "../../../components/form-field";
import { Modal } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { ApiError } from "../../../lib/api";

function failureText(error: Error): string {
  const answeredByServer = error instanceof ApiError && error.status > 0;
  return answeredByServer ? `Errore: ${error.message}` : "Errore durante l'aggiornamento della password";
}

export function ResetPasswordDialog({ request, onClose }: { request: PasswordResetRequest; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState("");
  const [passwordMissing, setPasswordMissing] = useState(false);
  const resetPassword = useAdminResetPassword();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    setPasswordMissing(newPassword === "");
    if (newPassword === "") return;
    resetPassword.mutate(
      { email: request.user_email, newPassword },
      {
        onSuccess: () => {
          showToast("Password aggiornata con successo!");
          onClose();
        },
      },
    );
  }

  const error = passwordMissing
    ? "Inserisci una nuova password"
    : resetPassword.error && failureText(resetPassword.error);
  return (
    <Modal
      title="Reset Password"
      description={`${request.user_name} ${request.user_surname} · ${request.user_email}`}
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Nuova password"
          autoComplete="new-password"
          hint="Comunica la nuova password all'utente di persona."
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <FormActions error={error} onCancel={onClose} submitLabel="Aggiorna Password" busy={resetPassword.isPending} />
      </form>
    </Modal>
  );
}
