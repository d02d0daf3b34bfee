import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";

interface MyReport {
  id: number;
  stato: "aperta" | "in_corso" | "risolta" | "chiusa";
}

export function useMyReports() {
  return useQuery({
    queryKey: ["segnalazioni", "mie"],
    queryFn: () => apiRequest<MyReport[]>("/api/segnalazioni/mie"),
  });
}
