import type { PublicUser } from "../../../src/modules/auth/model";

/** A user as the server shows it (never the password). */
export type User = PublicUser;

export function isAdmin(user: Pick<User, "ruolo">): boolean {
  return user.ruolo === "admin";
}

export function fullName(user: Pick<User, "name" | "surname">): string {
  return `${user.name} ${user.surname}`.trim();
}

export function initials(user: Pick<User, "name" | "surname">): string {
  return `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase();
}

export function roleLabel(user: Pick<User, "ruolo">): string {
  return isAdmin(user) ? "Amministratore" : "Utente";
}
