import type { User } from "../src/lib/user";

export function aStudent(overrides: Partial<User> = {}): User {
  return {
    id: 2,
    name: "Giulia",
    surname: "Bianchi",
    email: "giulia.bianchi@accademia.it",
    username: null,
    matricola: "M1234",
    phone: "333 1234567",
    corso_accademico: "Fotografia",
    ruolo: "user",
    isAdmin: false,
    penalty_strikes: 0,
    is_blocked: false,
    blocked_reason: null,
    created_at: "2026-01-10T09:00:00.000Z",
    directory: null,
    directory_synced_at: null,
    valido_fino_al: null,
    scelta_corso: false,
    ...overrides,
  };
}

/** Luca Verdi, a second student beside Giulia, for lists and searches that need two. */
export function lucaVerdi(overrides: Partial<User> = {}): User {
  return aStudent({
    id: 3,
    name: "Luca",
    surname: "Verdi",
    email: "luca.verdi@accademia.it",
    matricola: "M5555",
    ...overrides,
  });
}

/** Sara Gallo, the student the desk's scans lend to. */
export function saraGallo(overrides: Partial<User> = {}): User {
  return aStudent({
    id: 5,
    name: "Sara",
    surname: "Gallo",
    email: "sara.gallo@accademia.it",
    matricola: "F0042",
    ...overrides,
  });
}

/** Sara, a student blocked with 3 strikes; `blocked_reason` as the screen under test shows it. */
export function aBlockedStudent(blocked_reason: string): User {
  return aStudent({
    id: 4,
    name: "Sara",
    surname: "Neri",
    email: "sara.neri@accademia.it",
    matricola: "M7777",
    penalty_strikes: 3,
    is_blocked: true,
    blocked_reason,
  });
}

export function anAdmin(overrides: Partial<User> = {}): User {
  return aStudent({
    id: 1,
    name: "Marco",
    surname: "Rossi",
    email: "marco.rossi@accademia.it",
    matricola: "ADM01",
    phone: null,
    corso_accademico: null,
    ruolo: "admin",
    isAdmin: true,
    ...overrides,
  });
}
