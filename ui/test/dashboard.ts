import { anAdmin } from "./fixtures";
import type { ApiRoutes } from "./mock-api";
import { inventorySummaryRoute, loanListRoute, requestListRoute } from "./paged-lists";
import { renderApp } from "./render-app";

/** Quiet answers for what the desk's dashboard loads beyond the shell, for tests about one part of it. */
const quietDashboardApi: ApiRoutes = {
  "GET /api/auth/password-reset-requests": { body: [] },
  "GET /api/inventario/riepilogo": inventorySummaryRoute([]),
  "GET /api/prestiti": loanListRoute([]),
  "GET /api/richieste": requestListRoute([]),
};

/** The application signed in as an administrator at `path` (the dashboard), `api` answering over the quiet defaults. */
export function renderDashboard(api: ApiRoutes = {}, path = "/dashboard") {
  return renderApp({ signedInAs: anAdmin(), path, api: { ...quietDashboardApi, ...api } });
}
