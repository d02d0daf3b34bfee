import type { ApiRoutes } from "./mock-api";

/**
 * Quiet answers for what the admin shell itself polls (requests, alerts, reports, repairs for the
 * notification drawer), for screen tests that are about something else.
 */
export const adminShellApi: ApiRoutes = {
  "GET /api/richieste": { body: [] },
  "GET /api/segnalazioni": { body: [] },
  "GET /api/riparazioni": { body: [] },
  "GET /api/avvisi": {
    body: { scorte_basse: [], prestiti_scaduti: [], scadenze_oggi: [], scadenze_domani: [], totale_avvisi: 0 },
  },
};
