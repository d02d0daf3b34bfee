import { MailCheck, Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForgotPassword } from "../../../api/auth";
import { TextField } from "../../../components/form-field";
import { AuthDone } from "./auth-done";
import { AuthHeading, AuthSubmit, TextLink } from "./auth-layout";

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [emailMissing, setEmailMissing] = useState(false);
  const forgotPassword = useForgotPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = email.trim();
    setEmailMissing(trimmed === "");
    if (trimmed) forgotPassword.mutate(trimmed);
  }

  if (forgotPassword.isSuccess)
    return (
      <AuthDone icon={MailCheck} title="Richiesta Inviata!" backLabel="Torna al login" onBack={onBack}>
        <p className="mt-2 text-sm text-slate-600">
          {forgotPassword.data.message ??
            "La tua richiesta è stata inoltrata all'amministrazione, che reimposterà la password."}
        </p>
        {!forgotPassword.data.per_email && (
          <p className="mt-2 text-sm text-slate-500">Riceverai la nuova password dal personale dell'accademia.</p>
        )}
      </AuthDone>
    );

  const error = emailMissing ? "Inserisci la tua email" : forgotPassword.error?.message;
  return (
    <>
      <AuthHeading
        title="Password dimenticata?"
        text="Indica la tua email: un amministratore riceverà la richiesta e reimposterà la password."
      />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          value={email}
          error={emailMissing ? "Campo obbligatorio" : null}
          onChange={(event) => setEmail(event.target.value)}
        />
        <AuthSubmit error={error} icon={Send} busy={forgotPassword.isPending} busyLabel="Invio in corso...">
          Richiedi Reset Password
        </AuthSubmit>
      </form>
      <p className="mt-6 text-center text-sm">
        <TextLink onClick={onBack}>Torna al login</TextLink>
      </p>
    </>
  );
}
