import { ArrowLeft, KeyRound, ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "../../../../../src/domain/password-policy";
import { useResetPassword } from "../../../api/auth";
import { Alert } from "../../../components/alert";
import { Button } from "../../../components/button";
import { PasswordField } from "../../../components/form-field";
import { AuthHeading } from "./auth-layout";

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
      <div className="text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <ShieldCheck className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Password aggiornata</h1>
        <p className="mt-2 text-sm text-slate-600">{reset.data.message}</p>
        <Button icon={ArrowLeft} onClick={onDone} className="mt-6 w-full">
          Vai al login
        </Button>
      </div>
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
        {reset.error && <Alert tone="error">{reset.error.message}</Alert>}
        <Button type="submit" icon={KeyRound} busy={reset.isPending} className="w-full">
          {reset.isPending ? "Salvataggio..." : "Salva la nuova password"}
        </Button>
        <Button variant="secondary" icon={ArrowLeft} onClick={onDone} className="w-full">
          Torna al login
        </Button>
      </form>
    </>
  );
}
