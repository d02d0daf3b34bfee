import { type Static, t } from "elysia";
import { MIN_SEARCH_LENGTH } from "../../domain/search";
import { answerInteger, unitNamingFields } from "../schemas";

export const searchQuery = t.Object({
  q: t.String({
    minLength: MIN_SEARCH_LENGTH,
    maxLength: 100,
    error: `Scrivi da ${MIN_SEARCH_LENGTH} a 100 caratteri da cercare`,
  }),
});

export const searchResults = t.Object({
  oggetti: t.Array(t.Object({ id: answerInteger(), nome: t.String(), seriale: t.Union([t.String(), t.Null()]) })),
  unita: t.Array(
    t.Object({
      ...unitNamingFields,
    }),
  ),
  studenti: t.Array(
    t.Object({
      id: answerInteger(),
      name: t.String(),
      surname: t.String(),
      email: t.String(),
      matricola: t.Union([t.String(), t.Null()]),
    }),
  ),
  prestiti: t.Array(
    t.Object({
      id: answerInteger(),
      oggetto_nome: t.String(),
      utente_nome: t.String(),
      stato: t.String(),
      data_rientro: t.String(),
    }),
  ),
});

export type SearchResults = Static<typeof searchResults>;
