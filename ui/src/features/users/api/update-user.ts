import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersKeys } from "../../../api/users";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";

/** The profile fields an administrator fills in, on creation and on editing alike. */
export interface ProfileInput {
  name: string;
  surname: string;
  email: string;
  matricola: string;
  phone: string;
  corso_accademico: string;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, profile }: { id: number; profile: ProfileInput }) =>
      apiRequest<User>(`/api/auth/users/${id}`, {
        method: "PUT",
        body: profile,
        fallbackError: "Errore nell'aggiornamento utente",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
