import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";

export const usersKey = ["users"];

export function useUsers() {
  return useQuery({ queryKey: usersKey, queryFn: () => apiRequest<User[]>("/api/auth/users") });
}
