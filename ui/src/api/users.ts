import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role, UserPage } from "../../../src/modules/auth/model";
import { ApiError, answerOf, nextPageOf, server } from "../lib/api";

// The accounts: GET /api/auth/users (Gestione Utenti page by page, the new-loan wizard's borrower list),
// creating one (POST /api/auth/register with the desk's token), editing, deleting, a new password.

export type { UserPage };
export type UserRole = Role;

/** Every key starts with "users", so a change to an account refreshes every list of them. */
export const usersKeys = {
  all: ["users"] as const,
  page: (role: UserRole, search: string) => ["users", role, search] as const,
};

const USER_PAGE_SIZE = 50;

/** `GET /api/auth/users` answers one page when asked for one; anything else is a server out of step. */
function asPage(answer: Awaited<ReturnType<typeof listUsers>>): UserPage {
  if (Array.isArray(answer)) throw new ApiError(200, "Risposta non valida dal server", {});
  return answer;
}

const listUsers = (query: { ruolo?: UserRole; cerca?: string; pagina?: string; per_pagina?: string } = {}) =>
  answerOf(server.api.auth.users.get({ query }));

/**
 * A tab of Gestione Utenti page by page, searched and sorted by surname on the server: thousands of
 * students never come at once. While another search is on its way, the previous results stay.
 */
export function useUserPages(role: UserRole, search: string) {
  return useInfiniteQuery({
    queryKey: usersKeys.page(role, search),
    queryFn: async ({ pageParam }) =>
      asPage(
        await listUsers({
          ruolo: role,
          pagina: String(pageParam),
          per_pagina: String(USER_PAGE_SIZE),
          ...(search ? { cerca: search } : {}),
        }),
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });
}

/** Every account at once, for the new-loan wizard's borrower search. */
export function useUsers() {
  return useQuery({
    queryKey: usersKeys.all,
    queryFn: async () => {
      const answer = await listUsers();
      return Array.isArray(answer) ? answer : answer.elementi;
    },
  });
}

/** The profile fields an administrator fills in, on creation and on editing alike (the server's names). */
export type ProfileInput = Record<"name" | "surname" | "email" | "matricola" | "phone" | "corso_accademico", string>;

export interface NewUserInput extends ProfileInput {
  password: string;
  ruolo: UserRole;
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
}

/** Registration called with the administrator's token: creates the account and keeps the admin signed in. */
export function useCreateUser() {
  return useMutation({
    mutationFn: (input: NewUserInput) =>
      answerOf(server.api.auth.register.post(input), "Errore nella creazione utente"),
    onSuccess: useRefreshUsers(),
  });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: ({ id, profile }: { id: number; profile: ProfileInput }) =>
      answerOf(server.api.auth.users({ id }).put(profile), "Errore nell'aggiornamento utente"),
    onSuccess: useRefreshUsers(),
  });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: (id: number) => answerOf(server.api.auth.users({ id }).delete(), "Errore nell'eliminazione utente"),
    onSuccess: useRefreshUsers(),
  });
}

export function useResetUserPassword() {
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: number; newPassword: string }) =>
      answerOf(server.api.auth.users({ id })["reset-password"].put({ newPassword }), "Errore nel reset password"),
  });
}

/** Students found by matricola, name or email for the desk to lend to: the first few, sorted by surname. */
export function useStudentSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: [...usersKeys.all, "banco", search],
    queryFn: () => listUsers({ ruolo: "user", cerca: search, pagina: "1", per_pagina: "6" }).then(asPage),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
}
