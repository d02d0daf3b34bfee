import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

export function useRepairs() {
  return useQuery({
    queryKey: ["riparazioni"],
    queryFn: () => apiRequest<{ id: number; stato: string }[]>("/api/riparazioni"),
  });
}
