import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api";
import type { User } from "../../lib/user";

/** Students found by matricola, name or email for the desk to lend to: the first few, sorted by surname. */
export function useStudentSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: ["users", "banco", search],
    queryFn: () => {
      const query = new URLSearchParams({ ruolo: "user", cerca: search, pagina: "1", per_pagina: "6" });
      return apiRequest<{ elementi: User[]; totale: number }>(`/api/auth/users?${query}`);
    },
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
