import { ArrowLeft, KeyRound, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../../../../src/domain/password-policy";
import { useResetPassword } from "../../../api/auth";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/form-field";
import { AuthDone } from "./auth-done";
import { AuthHeading, AuthSubmit } from "./auth-layout";

/** The page a reset e-mail links to: a new password, twice; the link works once, for an hour. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const reset = useResetPassword();

  const passwordError = submitted ? (password === "" ? "Campo obbligatorio" : passwordProblem(password)) : null;
  const confirmationError = submitted && confirmation !== password ? "Le password non coincidono" : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (password === "" || passwordProblem(password) || confirmation !== password) return;
    reset.mutate({ token, password });
  }

  if (reset.isSuccess)
    return (
      <AuthDone icon={ShieldCheck} title="Password aggiornata" backLabel="Vai al login" onBack={onDone}>
        <p className="mt-2 text-sm text-slate-600">{reset.data.message}</p>
      </AuthDone>
    );

  return (
    <>
      <AuthHeading title="Scegli una nuova password" text="Il link ricevuto per e-mail vale un'ora e una sola volta." />
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          label="Nuova password"
          autoComplete="new-password"
          hint={`Almeno ${MIN_PASSWORD_LENGTH} caratteri, evita le password più comuni.`}
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Conferma la nuova password"
          autoComplete="new-password"
          value={confirmation}
          error={confirmationError}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <AuthSubmit error={reset.error?.message} icon={KeyRound} busy={reset.isPending} busyLabel="Salvataggio...">
          Salva la nuova password
        </AuthSubmit>
        <Button variant="secondary" icon={ArrowLeft} onClick={onDone} className="w-full">
          Torna al login
        </Button>
      </form>
    </>
  );
}
