import { useState } from "react";
import type { User } from "../../../lib/user";
import { AuthLayout } from "./auth-layout";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

type AuthView = "login" | "register" | "forgot-password";

/** Everything a visitor without a session sees. Each view starts empty: switching clears form and error. */
export function AuthScreen({ onSignedIn }: { onSignedIn: (token: string, user: User) => void }) {
  const [view, setView] = useState<AuthView>("login");
  return (
    <AuthLayout>
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
