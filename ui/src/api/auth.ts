import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SignedInAnswer } from "../../../src/modules/auth/model";
import { ApiError, answerOf, publicAnswerOf, publicServer, server } from "../lib/api";
import { calendarFeedKey } from "./calendario";

// Signing in and up, and passwords: POST /api/auth/login, /register, /forgot-password, /reimposta-password
// (public), and the desk's list of reset requests with its reset (GET /api/auth/password-reset-requests,
// POST /api/auth/admin-reset-password), and one's own password change (PUT /api/auth/password).

export type { ResetRequestView as PasswordResetRequest, SignedInAnswer } from "../../../src/modules/auth/model";

export const authKeys = {
  resetRequests: ["password-reset-requests"] as const,
};

/** Sign-in and sign-up must both answer a token and a user; anything else is refused. */
function signedIn(answer: Partial<SignedInAnswer>, invalidMessage: string): SignedInAnswer {
  if (!answer.token || !answer.user) throw new ApiError(200, invalidMessage, answer);
  return { token: answer.token, user: answer.user };
}

export interface LoginInput {
  /** Email or username: the server accepts either, so the same value goes in both fields. */
  identifier: string;
  password: string;
}

export function useLogin() {
  return useMutation({
    mutationFn: async ({ identifier, password }: LoginInput) =>
      signedIn(
        await publicAnswerOf(
          publicServer.api.auth.login.post({ email: identifier, username: identifier, password }),
          "Errore durante il login",
        ),
        "Risposta login non valida",
      ),
  });
}

/** What the public sign-up form fills in: always a student, with a course. */
export type RegistrationInput = Record<
  "name" | "surname" | "email" | "matricola" | "password" | "corso_accademico",
  string
>;

export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegistrationInput) => {
      const answer = await publicAnswerOf(
        publicServer.api.auth.register.post({ ...input, phone: null, ruolo: "user" }),
        "Errore durante la registrazione",
      );
      // The answer without a token is the one an administrator's new-user form gets.
      return signedIn(answer as Partial<SignedInAnswer>, "Risposta registrazione non valida");
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      publicAnswerOf(publicServer.api.auth["forgot-password"].post({ email }), "Errore nell'invio della richiesta"),
  });
}

/** The one-time token of a reset link (/reimposta-password?token=…), or null off that page. */
export function resetLinkToken(): string | null {
  if (window.location.pathname !== "/reimposta-password") return null;
  return new URLSearchParams(window.location.search).get("token") ?? "";
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      publicAnswerOf(
        publicServer.api.auth["reimposta-password"].post(input),
        "Errore nell'aggiornamento della password",
      ),
  });
}

/** Reset requests still waiting for the desk (the admin dashboard's list). */
export function usePasswordResetRequests() {
  return useQuery({
    queryKey: authKeys.resetRequests,
    queryFn: () =>
      answerOf(server.api.auth["password-reset-requests"].get(), "Errore nel caricamento delle richieste di reset"),
  });
}

export function useAdminResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; newPassword: string }) =>
      answerOf(server.api.auth["admin-reset-password"].post(input), "aggiornamento non riuscito"),
    // Setting the password completes the user's pending requests.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.resetRequests }),
  });
}

/** Changes the signed-in person's own password; the answer carries their new session (every other one ends). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { password_attuale: string; nuova_password: string }) =>
      answerOf(server.api.auth.password.put(input), "Errore nel cambio della password"),
    // The change revoked the calendar feed: the address on show is the old one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
