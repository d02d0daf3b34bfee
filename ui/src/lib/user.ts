/** A user as the server shows it (never the password). */
export interface User {
  id: number;
  name: string;
  surname: string;
  email: string;
  username: string | null;
  matricola: string | null;
  phone: string | null;
  corso_accademico: string | null;
  ruolo: "user" | "admin";
  /** Older answers spell the role this way. */
  role?: "user" | "admin";
  isAdmin?: boolean;
  penalty_strikes: number;
  is_blocked: boolean;
  blocked_reason: string | null;
  created_at?: string;
}

export function isAdmin(user: Pick<User, "ruolo" | "role" | "isAdmin">): boolean {
  return user.isAdmin === true || user.ruolo === "admin" || user.role === "admin";
}

export function fullName(user: Pick<User, "name" | "surname">): string {
  return `${user.name} ${user.surname}`.trim();
}

export function initials(user: Pick<User, "name" | "surname">): string {
  return `${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase();
}

export function roleLabel(user: Pick<User, "ruolo" | "role" | "isAdmin">): string {
  return isAdmin(user) ? "Amministratore" : "Utente";
}
