import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usersKeys } from "../../../api/users";
import { apiRequest } from "../../../lib/api";

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/auth/users/${id}`, {
        method: "DELETE",
        fallbackError: "Errore nell'eliminazione utente",
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
