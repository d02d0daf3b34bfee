import { screen, within } from "@testing-library/react";
import type { ScannedUnit } from "../../src/modules/counter/model";
import type { User } from "../src/lib/user";
import { anAdmin } from "./fixtures";
import type { ApiRoutes } from "./mock-api";
import { userListRoute } from "./paged-lists";
import { renderApp } from "./render-app";

/** The desk at Banco: a scan finds `unit`, the student search lists `students`, and today is `today` when given. */
export function renderBanco({
  unit,
  students,
  today,
  api = {},
}: {
  unit: ScannedUnit;
  students: User[];
  today?: string;
  api?: ApiRoutes;
}) {
  return renderApp({
    signedInAs: anAdmin(),
    path: "/banco",
    api: {
      ...(today && { "GET /api/health": { body: { ok: true, appName: "PrestaLab", today } } }),
      "GET /api/banco/scansione": { body: { unita: [unit] } },
      "GET /api/auth/users": userListRoute(students),
      ...api,
    },
  });
}

/** Types a unit's code into Banco's scan field and gives the card of the unit found. */
export async function scanUnit(user: ReturnType<typeof renderApp>["user"], code: string) {
  await user.type(await screen.findByLabelText("Codice dell'unità"), `${code}{Enter}`);
  return within(await screen.findByRole("article", { name: new RegExp(code) }));
}

/** The return dates the desk's new loans were sent with, in order. */
export function returnDatesSent(server: ReturnType<typeof renderApp>["server"]) {
  return server.callsTo("POST /api/prestiti").map((call) => (call.body as { data_rientro: string }).data_rientro);
}
