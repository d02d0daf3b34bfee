import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";

export function useUsers() {
  return useQuery({ queryKey: ["users"], queryFn: () => apiRequest<User[]>("/api/auth/users") });
}
