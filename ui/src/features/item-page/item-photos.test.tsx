import { describe, expect, it } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { anAdmin } from "../../../test/fixtures";
import { deskItemPageApi } from "../../../test/item-page-api";
import { anItem, TODAY } from "../../../test/loan-fixtures";
import { renderApp } from "../../../test/render-app";

const tripod = {
  ...anItem({ id: 12, nome: "Treppiede Manfrotto", immagine_url: "/api/foto/1" }),
  corsi_assegnati: ["Fotografia"],
  unita: [
    { id: 120, codice_univoco: "TREPPIEDE_001", stato: "disponibile", prestito_corrente_id: null, note: null },
    { id: 121, codice_univoco: "TREPPIEDE_002", stato: "disponibile", prestito_corrente_id: null, note: null },
  ],
};

const shot = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "treppiede.jpg", { type: "image/jpeg" });

/** The desk on the tripod's page; the server keeps its photos in `photos` as the calls change them. */
function renderTripod(upload: { status?: number; body: unknown } = { body: { id: 3, url: "/api/foto/3" } }) {
  let photos = [
    { id: 1, url: "/api/foto/1", unita_id: null },
    { id: 2, url: "/api/foto/2", unita_id: 121 },
  ];
  return renderApp({
    signedInAs: anAdmin(),
    path: "/inventario/12",
    api: {
      ...deskItemPageApi(tripod, { inventario_id: 12, dal: TODAY, al: TODAY, unita: [], giorni_liberi: [TODAY] }),
      "GET /api/inventario/12/foto": () => ({ body: photos }),
      "GET /api/foto/1": { body: {} },
      "GET /api/foto/2": { body: {} },
      "GET /api/foto/3": { body: {} },
      "DELETE /api/foto/2": () => {
        photos = photos.filter((photo) => photo.id !== 2);
        return { body: { message: "Foto eliminata" } };
      },
      "POST /api/inventario/12/foto": () => {
        if (upload.status === undefined) photos = [...photos, { id: 3, url: "/api/foto/3", unita_id: 120 }];
        return upload;
      },
    },
  });
}

describe("the desk's photos of an item", () => {
  it("lists them, shows a unit's photo on its row, and deletes one after asking", async () => {
    const { user, server } = renderTripod();
    const gallery = within(await screen.findByRole("region", { name: /Foto/ }));
    expect(await gallery.findByRole("img", { name: "Foto 1 dell'articolo" })).toBeTruthy();
    expect(gallery.getByRole("img", { name: "Foto 2 dell'unità TREPPIEDE_002" })).toBeTruthy();
    expect(gallery.getByText("(2 di 10)")).toBeTruthy();
    const units = within(screen.getByRole("region", { name: "Unità" }));
    const row = units.getByText("TREPPIEDE_002").closest("li") as HTMLElement;
    expect(within(row).getByRole("img", { name: "Foto dell'unità TREPPIEDE_002" })).toBeTruthy();
    expect(within(units.getByText("TREPPIEDE_001").closest("li") as HTMLElement).queryByRole("img")).toBeNull();

    await user.click(gallery.getByRole("button", { name: "Elimina la foto 2" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Elimina la foto" }));
    expect(dialog.getByText(/La foto dell'unità TREPPIEDE_002 sarà eliminata/)).toBeTruthy();
    await user.click(dialog.getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(server.callsTo("DELETE /api/foto/2")).toHaveLength(1));
    await waitFor(() => expect(gallery.queryByRole("img", { name: /Foto 2/ })).toBeNull());
    expect(units.queryByRole("img", { name: "Foto dell'unità TREPPIEDE_002" })).toBeNull();
  });

  it("uploads a photo of the unit chosen, dropped on the area, and lists it", async () => {
    const { user, server } = renderTripod();
    const gallery = within(await screen.findByRole("region", { name: /Foto/ }));
    await user.selectOptions(await gallery.findByLabelText("La nuova foto mostra"), "L'unità TREPPIEDE_001");
    fireEvent.drop(gallery.getByText("Aggiungi una foto"), { dataTransfer: { files: [shot()] } });
    await waitFor(() => expect(server.callsTo("POST /api/inventario/12/foto")).toHaveLength(1));
    const sent = server.callsTo("POST /api/inventario/12/foto")[0]?.body as FormData;
    expect(sent.get("unita_id")).toBe("120");
    expect((sent.get("file") as File).name).toBe("treppiede.jpg");
    expect(await gallery.findByRole("img", { name: "Foto 3 dell'unità TREPPIEDE_001" })).toBeTruthy();
  });

  it("shows the server's refusal in its own words", async () => {
    const { user } = renderTripod({
      status: 409,
      body: { error: "Un articolo ha al massimo 10 foto: eliminane una prima di aggiungerne un'altra" },
    });
    const gallery = within(await screen.findByRole("region", { name: /Foto/ }));
    await user.upload(await gallery.findByLabelText(/Aggiungi una foto/), shot());
    expect((await gallery.findByRole("alert")).textContent).toBe(
      "Un articolo ha al massimo 10 foto: eliminane una prima di aggiungerne un'altra",
    );
  });
});
