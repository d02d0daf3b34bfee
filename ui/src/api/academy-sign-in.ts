import { useMutation, useQuery } from "@tanstack/react-query";
import { academySignInErrorText } from "../../../src/domain/academy-sign-in-errors";
import { ApiError, answerOf, publicAnswerOf, publicServer, server } from "../lib/api";

// The academy sign-in: which ways in the sign-in screen offers (GET /api/auth/metodi), and the session
// handed over after the identity provider's round trip (POST /api/auth/oidc/sessione).

/** Where the sign-in button sends the browser: PrestaLab redirects it on to the academy's provider. */
export const ACADEMY_SIGN_IN_START = "/api/auth/oidc/start";

export function useSignInMethods() {
  return useQuery({
    queryKey: ["sign-in-methods"],
    queryFn: () => publicAnswerOf(publicServer.api.auth.metodi.get(), "Errore nel caricamento dei metodi di accesso"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What the provider's round trip left in the address's fragment (never sent to a server): a one-time
 * code for the session, the Italian reason the sign-in was refused, or the code of why it could not
 * start (`accesso_errore`, read as its Italian text). Read once, then cleared.
 */
export function takeAcademyReturn(): { code: string | null; refused: string | null } {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const code = fragment.get("accesso");
  const notStarted = fragment.get("accesso_errore");
  const refused = fragment.get("accesso_negato") ?? (notStarted === null ? null : academySignInErrorText(notStarted));
  if (code !== null || refused !== null) window.history.replaceState(null, "", window.location.pathname);
  return { code, refused };
}

export function useAcademySession() {
  return useMutation({
    mutationFn: async (codice: string) => {
      const answer = await publicAnswerOf(
        publicServer.api.auth.oidc.sessione.post({ codice }),
        "Errore durante l'accesso con l'account dell'Accademia",
      );
      if (!answer.token || !answer.user) throw new ApiError(200, "Risposta di accesso non valida", answer);
      return answer;
    },
  });
}

/** A student without a course chooses theirs, once (PUT /api/auth/me/corso). */
export function useChooseCourse() {
  return useMutation({
    mutationFn: (corso_accademico: string) =>
      answerOf(server.api.auth.me.corso.put({ corso_accademico }), "Errore nella scelta del corso"),
  });
}
