import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersKeys } from "../../../api/users";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";
import type { ProfileInput } from "./update-user";

export interface NewUserInput extends ProfileInput {
  password: string;
  ruolo: "user" | "admin";
}

/** Registration called with the administrator's token: creates the account and keeps the admin signed in. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewUserInput) =>
      apiRequest<{ user: User; message?: string }>("/api/auth/register", {
        method: "POST",
        body: input,
        fallbackError: "Errore nella creazione utente",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
