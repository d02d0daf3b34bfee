import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError, answerOf, clearToken, getToken, server, setUnauthorizedListener, storeToken } from "../lib/api";
import type { User } from "../lib/user";

type SessionState = { status: "checking" } | { status: "signed-out" } | { status: "signed-in"; user: User };

interface Session {
  /** True while a stored token is being checked with the server at start. */
  checking: boolean;
  user: User | null;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
}

/** The answers that mean the stored token is no good; anything else is asked again. */
const REFUSED_SESSION = new Set([401, 403]);
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

const SessionContext = createContext<Session | null>(null);

/** `/api/auth/me` answers `{ user }`; older servers answered the user itself. */
function userFromAnswer(answer: { user?: User }): User | null {
  const candidate: unknown = answer.user ?? answer;
  return candidate && typeof candidate === "object" && "id" in candidate ? (candidate as User) : null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() =>
    getToken() ? { status: "checking" } : { status: "signed-out" },
  );

  const signIn = useCallback((token: string, user: User) => {
    storeToken(token);
    setState({ status: "signed-in", user });
  }, []);

  const signOut = useCallback(() => {
    clearToken();
    queryClient.clear();
    setState({ status: "signed-out" });
  }, [queryClient]);

  useEffect(() => {
    setUnauthorizedListener(signOut);
    return () => setUnauthorizedListener(() => {});
  }, [signOut]);

  useEffect(() => {
    if (!getToken()) return;
    let current = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    function check(attempt: number) {
      answerOf(server.api.auth.me.get())
        .then((answer) => {
          const user = userFromAnswer(answer);
          if (!user) throw new ApiError(401, "Risposta senza utente", {});
          if (current) setState({ status: "signed-in", user });
        })
        .catch((error: unknown) => {
          if (!current) return;
          if (error instanceof ApiError && REFUSED_SESSION.has(error.status)) {
            // A stale or revoked token simply leads back to sign-in: no message for the user.
            console.warn("Sessione non più valida, accesso richiesto:", error);
            clearToken();
            setState({ status: "signed-out" });
            return;
          }
          // No answer (no network, a page being left, a server restarting) says nothing of the token: keep it
          // and ask again, so a network blip never signs anyone out.
          retry = setTimeout(() => check(attempt + 1), Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS));
        });
    }
    check(0);
    return () => {
      current = false;
      clearTimeout(retry);
    };
  }, []);

  const session = useMemo<Session>(
    () => ({
      checking: state.status === "checking",
      user: state.status === "signed-in" ? state.user : null,
      signIn,
      signOut,
    }),
    [state, signIn, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}

/** The signed-in user, for screens that only render once someone is signed in. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error("useSignedInUser needs a signed-in user");
  return user;
}
