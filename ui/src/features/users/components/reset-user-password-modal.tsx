import { type FormEvent, useState } from "react";
import { passwordProblem } from "../../../../../src/domain/password-policy";
import { useResetUserPassword } from "../../../api/users";
import { FormActions } from "../../../components/form-actions";
import { PasswordField } from "../../../components/form-field";
import { Modal } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { notifyDesktop } from "../../../lib/desktop-notification";
import { fullName, type User } from "../../../lib/user";
import { confirmationError, REQUIRED_FIELD } from "./profile-fields";

export function ResetUserPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const resetPassword = useResetUserPassword();
  const showToast = useToast();

  function findProblem(): string | null {
    if (!newPassword || !confirmation) return "Compila entrambi i campi";
    if (newPassword !== confirmation) return "Le password non coincidono";
    return passwordProblem(newPassword);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const found = findProblem();
    setProblem(found);
    if (found) return;
    resetPassword.mutate(
      { id: user.id, newPassword },
      {
        onSuccess: () => {
          showToast(`Password di ${fullName(user)} aggiornata`);
          notifyDesktop("Password reimpostata", `La password di ${fullName(user)} è stata aggiornata.`);
          onClose();
        },
      },
    );
  }

  const error = problem ?? resetPassword.error?.message;
  return (
    <Modal title="Reimposta password" description={`${fullName(user)} · ${user.email}`} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Nuova password"
          autoComplete="new-password"
          value={newPassword}
          error={attempted && !newPassword ? REQUIRED_FIELD : null}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <PasswordField
          label="Conferma password"
          autoComplete="new-password"
          hint="L'utente dovrà usare la nuova password dal prossimo accesso."
          value={confirmation}
          error={attempted ? confirmationError(newPassword, confirmation) : null}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <FormActions error={error} onCancel={onClose} submitLabel="Reimposta password" busy={resetPassword.isPending} />
      </form>
    </Modal>
  );
}
