import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { type SignedIn, signedInFrom } from "./signed-in";

export interface RegistrationInput {
  name: string;
  surname: string;
  email: string;
  password: string;
  matricola: string;
  corso_accademico: string;
}

async function register(input: RegistrationInput): Promise<SignedIn> {
  const answer = await apiRequest<Partial<SignedIn>>("/api/auth/register", {
    method: "POST",
    body: { ...input, phone: null, ruolo: "user" },
    anonymous: true,
    fallbackError: "Errore durante la registrazione",
  });
  return signedInFrom(answer, "Risposta registrazione non valida");
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
