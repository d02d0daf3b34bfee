import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { COURSES } from "../../src/domain/courses";
import { App } from "../src/app/app";
import { TOKEN_KEY } from "../src/lib/api";
import type { User } from "../src/lib/user";
import { type ApiRoutes, mockApi } from "./mock-api";
import { shellApi } from "./shell-api";

interface RenderAppOptions {
  path?: string;
  /** Starts with a stored token that `/api/auth/me` accepts for this user. */
  signedInAs?: User;
  api?: ApiRoutes;
}

/** Renders the whole application at `path`, against a scripted server. */
export function renderApp({ path = "/", signedInAs, api = {} }: RenderAppOptions = {}) {
  window.history.replaceState(null, "", path);
  const server = mockApi({
    "GET /api/health": { body: { ok: true, appName: "PrestaLab" } },
    "GET /api/corsi": { body: COURSES.map((nome, index) => ({ id: index + 1, nome })) },
    ...(signedInAs && { ...shellApi(signedInAs), "GET /api/auth/me": { body: { user: signedInAs } } }),
    ...api,
  });
  if (signedInAs) localStorage.setItem(TOKEN_KEY, "token-di-prova");
  // No pause between keystrokes: the screens never depend on typing speed.
  const user = userEvent.setup({ delay: null });
  render(<App />);
  return { user, server };
}
