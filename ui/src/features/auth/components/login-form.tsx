import { LogIn } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLogin } from "../../../api/auth";
import { PasswordField, TextField } from "../../../components/form-field";
import type { User } from "../../../lib/user";
import { AuthHeading, AuthSubmit, TextLink } from "./auth-layout";

interface LoginFormProps {
  onSignedIn: (token: string, user: User) => void;
  /** Null while self-registration is closed. */
  onRegister: (() => void) | null;
  onForgotPassword: () => void;
}

export function LoginForm({ onSignedIn, onRegister, onForgotPassword }: LoginFormProps) {
  const [identifier, setIdentifier] = useState("");
  const [password, setPassword] = useState("");
  const [missingFields, setMissingFields] = useState(false);
  const login = useLogin();

  function submit(event: FormEvent) {
    event.preventDefault();
    const incomplete = !identifier.trim() || !password;
    setMissingFields(incomplete);
    if (incomplete) return;
    login.mutate(
      { identifier: identifier.trim(), password },
      { onSuccess: ({ token, user }) => onSignedIn(token, user) },
    );
  }

  const error = missingFields ? "Inserisci email o nome utente e password" : login.error?.message;
  return (
    <>
      <AuthHeading title="Accedi" text="Entra con le credenziali del tuo account." />
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Email o nome utente"
          name="identifier"
          autoComplete="username"
          autoCapitalize="none"
          value={identifier}
          error={missingFields && !identifier.trim() ? "Campo obbligatorio" : null}
          onChange={(event) => setIdentifier(event.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          error={missingFields && !password ? "Campo obbligatorio" : null}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="flex justify-end text-sm">
          <TextLink onClick={onForgotPassword}>Hai dimenticato la password?</TextLink>
        </div>
        <AuthSubmit error={error} icon={LogIn} busy={login.isPending} busyLabel="Accesso in corso...">
          Accedi
        </AuthSubmit>
      </form>
      {onRegister && (
        <p className="mt-6 text-center text-sm text-slate-600">
          <TextLink onClick={onRegister}>Non hai un account? Registrati</TextLink>
        </p>
      )}
    </>
  );
}
