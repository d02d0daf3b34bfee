import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersKeys } from "../../../api/users";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";

export interface NewBorrowerInput {
  name: string;
  surname: string;
  email: string;
  matricola: string;
  corso_accademico: string;
  phone: string;
  password: string;
}

/** Registers a student with the desk's token (the desk stays signed in). */
export function useCreateBorrower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBorrowerInput) =>
      apiRequest<{ user: User }>("/api/auth/register", {
        method: "POST",
        body: { ...input, ruolo: "user" },
        fallbackError: "Errore nella creazione utente",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
