import { useState } from "react";
import { type ProfileInput, useUpdateUser } from "../../../api/users";
import { ActivityHistory } from "../../../components/activity-history/activity-history";
import { FormActions } from "../../../components/form-actions";
import { Modal } from "../../../components/modal";
import { useToast } from "../../../components/toast";
import { useCheckedSubmit } from "../../../lib/use-checked-submit";
import { fullName, type User } from "../../../lib/user";
import { ProfileFields, profileFieldErrors, profileProblem } from "./profile-fields";

function profileOf(user: User): ProfileInput {
  return {
    name: user.name,
    surname: user.surname,
    email: user.email,
    matricola: user.matricola ?? "",
    phone: user.phone ?? "",
    corso_accademico: user.corso_accademico ?? "",
  };
}

/** Profile only: the password and the role have their own actions. */
export function EditUserModal({ user, onClose }: { user: User; onClose: () => void }) {
  const [profile, setProfile] = useState(() => profileOf(user));
  const updateUser = useUpdateUser();
  const showToast = useToast();
  const { attempted, problem, submit } = useCheckedSubmit(
    () => profileProblem(profile),
    () =>
      updateUser.mutate(
        { id: user.id, profile },
        {
          onSuccess: () => {
            showToast("Utente aggiornato");
            onClose();
          },
        },
      ),
  );

  const error = problem ?? updateUser.error?.message;
  return (
    <Modal title="Modifica utente" description={fullName(user)} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <ProfileFields value={profile} errors={attempted ? profileFieldErrors(profile) : {}} onChange={setProfile} />
        <FormActions error={error} onCancel={onClose} submitLabel="Salva modifiche" busy={updateUser.isPending} />
      </form>
      <div className="mt-6 border-t border-slate-100 pt-5">
        <ActivityHistory entity="user" id={user.id} title="Cronologia dell'utente" />
      </div>
    </Modal>
  );
}
