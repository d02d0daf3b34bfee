import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UsageType } from "../../../../../src/domain/loan-types";
import { apiRequest } from "../../../lib/api";

interface NewRequestInput {
  inventario_id: number;
  /** Null asks for any unit of the item free for the dates: the server picks it. */
  unit_id: number | null;
  dal: string;
  al: string;
  note: string | null;
  /** Only for items that are `entrambi`; null otherwise. */
  tipo_utilizzo: UsageType | null;
}

const CREATE_REQUEST_ERROR = "Errore nella creazione della richiesta";

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewRequestInput) =>
      apiRequest<{ id: number }>("/api/richieste", {
        method: "POST",
        body: input,
        fallbackError: CREATE_REQUEST_ERROR,
      }),
    // A new request changes the student's requests and the availability of the unit and its item.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["richieste"] }),
        queryClient.invalidateQueries({ queryKey: ["inventario"] }),
      ]),
  });
}
