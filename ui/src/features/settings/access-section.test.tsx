import { describe, expect, it } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { DEFAULT_SETTINGS } from "../../../../src/domain/academy-settings";
import { anAdmin } from "../../../test/fixtures";
import { renderApp } from "../../../test/render-app";
import { adminShellApi } from "../../../test/shell-api";

const saved = {
  ...DEFAULT_SETTINGS,
  accesso: {
    ...DEFAULT_SETTINGS.accesso,
    oidc_issuer: "https://accounts.google.com",
    oidc_client_id: "prestalab.apps.googleusercontent.com",
    oidc_client_secret: "****",
    gruppi_corsi: { "studenti-design": "Design" } as Record<string, string>,
  },
};

describe("Impostazioni → Accesso", () => {
  it("shows the stored secret as ****, sends it back so, and saves the group table typed one per line", async () => {
    const { server } = renderApp({
      signedInAs: anAdmin(),
      path: "/impostazioni",
      api: {
        ...adminShellApi,
        "GET /api/impostazioni": { body: saved },
        "PUT /api/impostazioni": (call) => ({ body: call.body }),
        "GET /api/corsi/tutti": { body: [] },
        "GET /api/calendario": { body: { url: "https://prestiti.accademia.it/api/calendario/1-abc.ics" } },
      },
    });
    const secret = (await screen.findByLabelText(/Client secret/)) as HTMLInputElement;
    expect(secret.value).toBe("****");
    const groups = screen.getByLabelText(/Gruppi e corsi/) as HTMLTextAreaElement;
    expect(groups.value).toBe("studenti-design = Design");
    fireEvent.change(groups, { target: { value: "studenti-design = Design\nstudenti-foto = Fotografia\n" } });
    fireEvent.click(screen.getByRole("checkbox", { name: /anche con la password di PrestaLab/ }));
    fireEvent.click(screen.getByRole("button", { name: "Salva impostazioni" }));
    expect(await screen.findByText("Impostazioni salvate")).toBeTruthy();
    const sent = server.callsTo("PUT /api/impostazioni")[0]?.body as typeof saved;
    expect(sent.accesso).toEqual({
      ...saved.accesso,
      gruppi_corsi: { "studenti-design": "Design", "studenti-foto": "Fotografia" },
      accesso_password_studenti: false,
    });
    cleanup();
  });
});
