import { useState } from "react";
import { useResetUserPassword } from "../../../api/users";
import { FormActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { notifyDesktop } from "../../../lib/desktop-notification";
import { useCheckedSubmit } from "../../../lib/use-checked-submit";
import { fullName, type User } from "../../../lib/user";
import { NewPasswordFields, NO_PASSWORD, newPasswordProblem } from "./new-password-fields";

export function ResetUserPasswordModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [newPassword, setNewPassword] = useState(NO_PASSWORD);
  const resetPassword = useResetUserPassword();
  const showToast = useToast();
  const { attempted, problem, submit } = useCheckedSubmit(
    () => newPasswordProblem(newPassword, "Compila entrambi i campi"),
    () =>
      resetPassword.mutate(
        { id: user.id, newPassword: newPassword.password },
        {
          onSuccess: () => {
            showToast(`Password di ${fullName(user)} aggiornata`);
            notifyDesktop("Password reimpostata", `La password di ${fullName(user)} è stata aggiornata.`);
            onClose();
          },
        },
      ),
  );

  const error = problem ?? resetPassword.error?.message;
  return (
    <Modal title="Reimposta password" description={`${fullName(user)} · ${user.email}`} onClose={onClose} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4">
        <NewPasswordFields
          passwordLabel="Nuova password"
          value={newPassword}
          onChange={setNewPassword}
          showProblems={attempted}
          confirmationHint="L'utente dovrà usare la nuova password dal prossimo accesso."
        />
        <FormActions error={error} onCancel={onClose} submitLabel="Reimposta password" busy={resetPassword.isPending} />
      </form>
    </Modal>
  );
}
