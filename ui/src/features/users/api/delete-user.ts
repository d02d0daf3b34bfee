import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import { usersKey } from "./get-users";

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/auth/users/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'eliminazione utente",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
