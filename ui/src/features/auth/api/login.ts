import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type SignedIn, signedInFrom } from "./signed-in";

export interface LoginInput {
  /** Email or username: the server accepts either, so the same value goes in both fields. */
  identifier: string;
  password: string;
}

async function login({ identifier, password }: LoginInput): Promise<SignedIn> {
  const answer = await apiRequest<Partial<SignedIn>>("/api/auth/login", {
    method: "POST",
    body: { email: identifier, username: identifier, password },
    anonymous: true,
    fallbackError: "Errore durante il login",
  });
  return signedInFrom(answer, "Risposta login non valida");
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
