import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";
import type { User } from "../lib/user";

// The accounts: GET /api/auth/users (Gestione Utenti page by page, the new-loan wizard's borrower list).

/** Every key starts with "users", so a change to an account refreshes every list of them. */
export const usersKeys = {
  all: ["users"] as const,
  page: (role: UserRole, search: string) => ["users", role, search] as const,
};

export type UserRole = "user" | "admin";

/** One page of a tab from the server, with every tab's count. */
export interface UserPage {
  elementi: User[];
  totale: number;
  pagina: number;
  per_pagina: number;
  per_ruolo: Record<UserRole, number>;
}

const USER_PAGE_SIZE = 50;

/**
 * A tab of Gestione Utenti page by page, searched and sorted by surname on the server: thousands of
 * students never come at once. While another search is on its way, the previous results stay.
 */
export function useUserPages(role: UserRole, search: string) {
  return useInfiniteQuery({
    queryKey: usersKeys.page(role, search),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ ruolo: role, pagina: String(pageParam), per_pagina: String(USER_PAGE_SIZE) });
      if (search) query.set("cerca", search);
      return apiRequest<UserPage>(`/api/auth/users?${query}`);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagina * last.per_pagina < last.totale ? last.pagina + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** Every account at once, for the new-loan wizard's borrower search. */
export function useUsers() {
  return useQuery({ queryKey: usersKeys.all, queryFn: () => apiRequest<User[]>("/api/auth/users") });
}
