import { useState } from "react";
import { resetLinkToken } from "../../../api/auth";
import type { User } from "../../../lib/user";
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
  function leaveResetLink() {
    window.history.replaceState(null, "", "/");
    setView("login");
  }
  return (
    <AuthLayout>
      {view === "reset-password" && <ResetPasswordForm token={resetToken ?? ""} onDone={leaveResetLink} />}
      {view === "login" && (
        <LoginForm
          onSignedIn={onSignedIn}
          onRegister={() => setView("register")}
          onForgotPassword={() => setView("forgot-password")}
        />
      )}
      {view === "register" && <RegisterForm onSignedIn={onSignedIn} onLogin={() => setView("login")} />}
      {view === "forgot-password" && <ForgotPasswordForm onBack={() => setView("login")} />}
    </AuthLayout>
  );
}
