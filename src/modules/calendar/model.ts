import { t } from "elysia";

export const feedLink = t.Object({ url: t.String() });
export const revoked = t.Object({ message: t.String() });
export const feedParams = t.Object({
  token: t.String({ minLength: 1, maxLength: 100, error: "Calendario non trovato" }),
});
export const loanParams = t.Object({ id: t.String({ maxLength: 20, error: "Prestito non valido" }) });
