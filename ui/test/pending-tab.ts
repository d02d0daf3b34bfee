import { anAdmin } from "./fixtures";
import { noAlerts } from "./loan-fixtures";
import type { ApiRoutes } from "./mock-api";
import { requestListRoute } from "./paged-lists";
import { renderApp } from "./render-app";

/** The desk on Prestiti → In Attesa with no single requests and no alerts; `api` adds what the test is about. */
export function renderPendingTab(api: ApiRoutes) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/prestiti?tab=in_attesa",
    api: {
      "GET /api/richieste": requestListRoute([]),
      "GET /api/avvisi": { body: noAlerts() },
      ...api,
    },
  });
}
