import { resetLinkToken } from "../api/auth";
import { OfflineBanner } from "../components/offline-banner";
import { AuthScreen } from "../features/auth/components/auth-screen";
import { isAdmin } from "../lib/user";
import { AreaOf, areaChunk, FullPageLoading } from "./area-chunk";
import { AppProviders } from "./providers";
import { useSession } from "./session";

// Each role's area is its own chunk: the sign-in screen paints without the desk's code, and a student
// never downloads it.
const adminArea = areaChunk(() => import("./admin-area").then((module) => module.AdminArea));
const studentArea = areaChunk(() => import("./student-area").then((module) => module.StudentArea));

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
  return <AreaOf key={isAdmin(user) ? "admin" : "student"} chunk={isAdmin(user) ? adminArea : studentArea} />;
}
