import { type ReactNode, useState } from "react";
import { useSignInMethods } from "../../../api/academy-sign-in";
import { resetLinkToken } from "../../../api/auth";
import type { User } from "../../../lib/user";
import { AcademySignIn } from "./academy-sign-in";
import { AuthLayout } from "./auth-layout";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { ResetPasswordForm } from "./reset-password-form";

type AuthView = "login" | "register" | "forgot-password" | "reset-password";

/**
 * Everything a visitor without a session sees, and the page a reset e-mail links to. Each view starts
 * empty: switching clears form and error.
 */
export function AuthScreen({ onSignedIn }: { onSignedIn: (token: string, user: User) => void }) {
  const [resetToken] = useState(resetLinkToken);
  const [view, setView] = useState<AuthView>(resetToken === null ? "login" : "reset-password");
  const methods = useSignInMethods().data;
  const academyLabel = methods?.oidc?.etichetta ?? null;
  function leaveResetLink() {
    window.history.replaceState(null, "", "/");
    setView("login");
  }
  return (
    <AuthLayout>
      {view === "reset-password" && <ResetPasswordForm token={resetToken ?? ""} onDone={leaveResetLink} />}
      {view === "login" && <AcademySignIn label={academyLabel} onSignedIn={onSignedIn} />}
      {view === "login" && (
        <PasswordSignIn studentsToo={methods?.password_studenti ?? true} academyFirst={academyLabel !== null}>
          <LoginForm
            onSignedIn={onSignedIn}
            onRegister={methods?.registrazione_aperta === false ? null : () => setView("register")}
            onForgotPassword={() => setView("forgot-password")}
          />
        </PasswordSignIn>
      )}
      {view === "register" && <RegisterForm onSignedIn={onSignedIn} onLogin={() => setView("login")} />}
      {view === "forgot-password" && <ForgotPasswordForm onBack={() => setView("login")} />}
    </AuthLayout>
  );
}

/**
 * The password form: open to everyone, or, when students sign in only with the academy's account, folded
 * away for the desk, whose password always works (a broken provider never locks the desk out).
 */
function PasswordSignIn({
  studentsToo,
  academyFirst,
  children,
}: {
  studentsToo: boolean;
  academyFirst: boolean;
  children: ReactNode;
}) {
  if (studentsToo) return <div className={academyFirst ? "mt-6" : ""}>{children}</div>;
  return (
    <details className="mt-6">
      <summary className="cursor-pointer text-sm text-slate-600">Accesso del banco prestiti con password</summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}
