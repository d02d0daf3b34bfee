import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { answerOf, clearToken, getToken, server, setUnauthorizedListener, storeToken } from "../lib/api";
import type { User } from "../lib/user";

type SessionState = { status: "checking" } | { status: "signed-out" } | { status: "signed-in"; user: User };

interface Session {
  /** True while a stored token is being checked with the server at start. */
  checking: boolean;
  user: User | null;
  signIn: (token: string, user: User) => void;
  signOut: () => void;
}

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
    answerOf(server.api.auth.me.get())
      .then((answer) => {
        const user = userFromAnswer(answer);
        if (!user) throw new Error("Risposta senza utente");
        if (current) setState({ status: "signed-in", user });
      })
      .catch((error: unknown) => {
        if (!current) return;
        // A stale or revoked token simply leads back to sign-in: no message for the user.
        console.warn("Sessione non più valida, accesso richiesto:", error);
        clearToken();
        setState({ status: "signed-out" });
      });
    return () => {
      current = false;
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
