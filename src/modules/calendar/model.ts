import { t } from "elysia";
import { idParams } from "../schemas";

export const feedLink = t.Object({ url: t.String() });
export const feedParams = t.Object({
  token: t.String({ minLength: 1, maxLength: 100, error: "Calendario non trovato" }),
});
export const loanParams = idParams("Prestito non valido");
