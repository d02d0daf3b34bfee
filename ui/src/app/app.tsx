import { lazy, Suspense } from "react";
import { resetLinkToken } from "../api/auth";
import { OfflineBanner } from "../components/offline-banner";
import { LoadingState } from "../components/spinner";
import { AuthScreen } from "../features/auth/components/auth-screen";
import { isAdmin } from "../lib/user";
import { AppProviders } from "./providers";
import { useSession } from "./session";

// Each role's area is its own chunk: the sign-in screen paints without the desk's code, and a student
// never downloads it.
const AdminArea = lazy(() => import("./admin-area").then((module) => ({ default: module.AdminArea })));
const StudentArea = lazy(() => import("./student-area").then((module) => ({ default: module.StudentArea })));

export function App() {
  return (
    <AppProviders>
      <OfflineBanner />
      <SignedInOrOut />
    </AppProviders>
  );
}

function SignedInOrOut() {
  const { checking, user, signIn } = useSession();
  if (checking) return <FullPageLoading label="Verifica della sessione..." />;
  // A reset link opens its page even in a browser where someone is signed in.
  if (!user || resetLinkToken() !== null) return <AuthScreen onSignedIn={signIn} />;
  return (
    <Suspense fallback={<FullPageLoading label="Caricamento..." />}>
      {isAdmin(user) ? <AdminArea /> : <StudentArea />}
    </Suspense>
  );
}

function FullPageLoading({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <LoadingState label={label} />
    </div>
  );
}
