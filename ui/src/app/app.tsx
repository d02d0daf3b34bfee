import { LoadingState } from "../components/spinner";
import { AuthScreen } from "../features/auth/components/auth-screen";
import { isAdmin } from "../lib/user";
import { AdminArea } from "./admin-area";
import { AppProviders } from "./providers";
import { useSession } from "./session";
import { StudentArea } from "./student-area";

export function App() {
  return (
    <AppProviders>
      <SignedInOrOut />
    </AppProviders>
  );
}

function SignedInOrOut() {
  const { checking, user, signIn } = useSession();
  if (checking)
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <LoadingState label="Verifica della sessione..." />
      </div>
    );
  if (!user) return <AuthScreen onSignedIn={signIn} />;
  return isAdmin(user) ? <AdminArea /> : <StudentArea />;
}
