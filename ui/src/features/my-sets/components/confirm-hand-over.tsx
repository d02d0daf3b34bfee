import { PenLine } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useSignSetWithPassword } from "../../../api/prenotazioni";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/form-field";
import { useToast } from "../../../components/toast";

/** On the student's own phone: the hand-over's agreement signed with their password instead of on the pad. */
export function ConfirmHandOver({ setId }: { setId: number }) {
  const [password, setPassword] = useState("");
  const sign = useSignSetWithPassword();
  const showToast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    sign.mutate({ id: setId, password }, { onSuccess: () => showToast("Consegna confermata: la ricevuta è firmata") });
  }

  return (
    <form onSubmit={submit} className="mt-3 space-y-2 rounded-lg bg-indigo-50 p-3">
      <p className="text-sm text-indigo-900">
        Hai ritirato l'attrezzatura: conferma la consegna con la tua password per firmare la ricevuta.
      </p>
      <PasswordField
        label="La tua password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {sign.error && <Alert tone="error">{sign.error.message}</Alert>}
      <Button type="submit" icon={PenLine} busy={sign.isPending} disabled={!password} className="py-2">
        Conferma la consegna
      </Button>
    </form>
  );
}
