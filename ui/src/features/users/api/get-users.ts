import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api";
import type { User } from "../../../lib/user";

/** Every query of the users list starts with this key, so a change refreshes all of them. */
export const usersKey = ["users"];

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
    queryKey: [...usersKey, role, search],
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
