import type { UserPenalties } from "../../src/modules/penalties/model";
import { isAdmin, type User } from "../src/lib/user";
import type { ApiRoutes } from "./mock-api";
import { requestListRoute } from "./paged-lists";

/**
 * Quiet answers for what the admin shell itself polls (requests, alerts, reports, repairs for the
 * notification drawer), for screen tests that are about something else.
 */
export const adminShellApi: ApiRoutes = {
  "GET /api/richieste": requestListRoute([]),
  "GET /api/prenotazioni": { body: { elementi: [], pagina: 1, per_pagina: 50, totale: 0 } },
  "GET /api/mancanze": { body: [] },
  "GET /api/attese": { body: [] },
  "GET /api/proroghe": { body: [] },
  "GET /api/kit": { body: [] },
  "GET /api/segnalazioni": { body: [] },
  "GET /api/segnalazioni/riepilogo": { body: { attive: 0, recenti: [] } },
  "GET /api/riparazioni": { body: [] },
  "GET /api/riparazioni/riepilogo": { body: { in_corso: 0 } },
  "GET /api/avvisi": {
    body: { scorte_basse: [], prestiti_scaduti: [], scadenze_oggi: [], scadenze_domani: [], totale_avvisi: 0 },
  },
  // A set-up academy: the dashboard's "Primi passi" stays hidden.
  "GET /api/primi-passi": { body: { passi: [], completato: true } },
};

/** The signed-in person's own strikes and history, as the dashboard loads them, with no penalty. */
export function ownPenaltiesApi(user: User): ApiRoutes {
  return {
    [`GET /api/penalties/user/${user.id}`]: {
      body: {
        userInfo: {
          id: user.id,
          name: user.name,
          surname: user.surname,
          email: user.email,
          penalty_strikes: user.penalty_strikes,
          is_blocked: user.is_blocked,
          blocked_reason: null,
        },
        penalties: [],
      } satisfies UserPenalties,
    },
  };
}

/** What the signed-in shell loads by itself, answered quietly unless a test scripts it otherwise. */
export function shellApi(user: User): ApiRoutes {
  return {
    ...ownPenaltiesApi(user),
    ...(isAdmin(user) ? adminShellApi : { "GET /api/categorie-semplici": { body: [] } }),
  };
}
