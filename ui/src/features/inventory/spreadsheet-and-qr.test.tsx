import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { recordDownloads } from "../../../test/downloads";
import { anItem, inventoryLoaded, renderInventory } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const START = "POST /api/excel/inventario/import/lavori";
const PAGE = "GET /api/excel/inventario/import/lavori/lavoro-1";
/** The page asks how far an import got every half second: a step or two may go by before it shows. */
const POLLED = { timeout: 3000 };

const PREVIEW_PAGE = "GET /api/excel/inventario/import/lavori/anteprima-1";

function job(fase: string, rest: Record<string, unknown> = {}) {
  return { id: "lavoro-1", fase, letti: 0, totale: 0, ...rest };
}

/** A preview finished with these rows, and the import job (`lavoro-1`) the confirmation starts. */
function previewThenImport(rows: Array<Record<string, unknown>>, importPage: ApiRoutes[string]): ApiRoutes {
  const refused = rows.filter((row) => row.esito === "rifiutato").length;
  const count = (esito: string) => rows.filter((row) => row.esito === esito).length;
  const risultato = {
    success: rows.length - refused,
    total: rows.length,
    created: count("creato"),
    updated: count("aggiornato"),
    unchanged: count("invariato"),
    errors: [],
    anteprima: true,
    righe: rows,
  };
  return {
    [START]: (call) => ({
      status: 202,
      body: (call.body as { anteprima?: boolean }).anteprima ? job("in_coda", { id: "anteprima-1" }) : job("in_coda"),
    }),
    [PREVIEW_PAGE]: {
      body: job("completato", { id: "anteprima-1", letti: rows.length, totale: rows.length, risultato }),
    },
    [PAGE]: importPage,
  };
}

function spreadsheet(name = "inventario.xlsx", size = 2048) {
  return new File([new Uint8Array(size)], name, { type: XLSX_TYPE });
}

/** The files the screen handed to the browser to save. */
const saved = recordDownloads();

async function chooseFromMenu(api: ApiRoutes, entry: string) {
  const rendered = renderInventory({ api });
  await rendered.user.click(await screen.findByRole("button", { name: "Altre Operazioni" }));
  await rendered.user.click(screen.getByRole("menuitem", { name: entry }));
  return rendered;
}

describe("Altre Operazioni", () => {
  it("offers export, template and import", async () => {
    const { user } = renderInventory();
    await user.click(await screen.findByRole("button", { name: "Altre Operazioni" }));
    const menu = within(screen.getByRole("menu"));
    expect(menu.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Esporta",
      "Scarica template",
      "Importa",
    ]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("downloads the export under the server's file name", async () => {
    await chooseFromMenu(
      {
        "GET /api/excel/inventario/export": {
          body: {},
          headers: { "content-disposition": 'attachment; filename="inventario-2025-03-01.xlsx"' },
        },
      },
      "Esporta",
    );
    await waitFor(() => expect(saved).toEqual(["inventario-2025-03-01.xlsx"]));
  });

  it("says 'Errore durante l'export Excel' when the export fails", async () => {
    await chooseFromMenu({ "GET /api/excel/inventario/export": "network-error" }, "Esporta");
    expect(await screen.findByText("Errore durante l'export Excel")).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("downloads the template", async () => {
    await chooseFromMenu({ "GET /api/excel/inventario/template": { body: {} } }, "Scarica template");
    await waitFor(() => expect(saved).toEqual(["template-inventario.xlsx"]));
  });

  it("says 'Errore durante la generazione del template' when the template fails", async () => {
    await chooseFromMenu({ "GET /api/excel/inventario/template": { status: 500, body: {} } }, "Scarica template");
    expect(await screen.findByText("Errore durante la generazione del template")).toBeTruthy();
  });

  it("shows first what the import would do row by row, and imports only once confirmed", async () => {
    const { user, server } = renderInventory({
      api: previewThenImport(
        [
          { riga: 2, nome: "Canon EOS R6", esito: "aggiornato" },
          { riga: 3, nome: "Faro LED", esito: "creato" },
          { riga: 4, nome: "Treppiede", esito: "creato" },
          { riga: 5, nome: "Busto", esito: "rifiutato", errore: "Corso non valido: Scultura" },
        ],
        {
          body: job("completato", {
            letti: 4,
            totale: 4,
            risultato: {
              success: 3,
              total: 4,
              created: 2,
              updated: 1,
              unchanged: 0,
              errors: ["Riga 5: Corso non valido: Scultura"],
            },
          }),
        },
      ),
    });
    const input = await screen.findByLabelText("File Excel da importare");
    expect(input.getAttribute("accept")).toBe(".xlsx,.xls,.csv");
    await user.upload(input as HTMLInputElement, spreadsheet());
    expect(
      await screen.findByText("Anteprima di inventario.xlsx: nulla è stato ancora importato.", {}, POLLED),
    ).toBeTruthy();
    expect(screen.getByText("2 da creare, 1 da aggiornare, 0 invariati, 1 rifiutato su 4 righe.")).toBeTruthy();
    const rows = within(screen.getByRole("region", { name: "Righe dell'anteprima" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "RigaNomeEsito",
      "2Canon EOS R6Da aggiornare",
      "3Faro LEDDa creare",
      "4TreppiedeDa creare",
      "5BustoRifiutato: Corso non valido: Scultura",
    ]);
    expect(server.callsTo(START)).toHaveLength(1);
    expect(server.callsTo(START)[0]?.body).toMatchObject({ anteprima: true });

    await user.click(screen.getByRole("button", { name: "Conferma import" }));
    expect(await screen.findByText("Import completato: 3/4 elementi processati", {}, POLLED)).toBeTruthy();
    expect(screen.getByText("2 creati, 1 aggiornati, 0 invariati.")).toBeTruthy();
    const errors = within(screen.getByRole("list", { name: "Errori di importazione" }));
    expect(errors.getByText("Riga 5: Corso non valido: Scultura")).toBeTruthy();

    const body = server.callsTo(START)[1]?.body as Record<string, unknown>;
    expect(body.anteprima).toBe(false);
    expect(body.fileName).toBe("inventario.xlsx");
    expect(body.fileSize).toBe(2048);
    expect(body.fileType).toBe(XLSX_TYPE);
    expect(String(body.fileData)).toStartWith(`data:${XLSX_TYPE};base64,`);
  });

  it("imports nothing when the preview is cancelled, and offers no import when every row is refused", async () => {
    const { user, server } = renderInventory({
      api: previewThenImport([{ riga: 2, nome: "", esito: "rifiutato", errore: "il nome è obbligatorio" }], "never"),
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    const confirm = await screen.findByRole("button", { name: "Conferma import" }, POLLED);
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("0 da creare, 0 da aggiornare, 0 invariati, 1 rifiutato su 1 riga.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Annulla" }));
    expect(screen.queryByText(/Anteprima di/)).toBeNull();
    expect(server.callsTo(START)).toHaveLength(1);
  });

  it("shows a bar of the rows applied so far while a long import runs", async () => {
    let asked = 0;
    const { user } = renderInventory({
      api: previewThenImport(
        [{ riga: 2, nome: "Faro", esito: "creato" }],
        // The first look finds the rows being applied; the import then never ends.
        () => (++asked === 1 ? { body: job("importazione", { letti: 1200, totale: 5000 }) } : "never"),
      ),
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    await user.click(await screen.findByRole("button", { name: "Conferma import" }, POLLED));
    expect(await screen.findByText("In attesa di iniziare...")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Altre Operazioni" }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText("Righe elaborate: 1200 di 5000", {}, POLLED)).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: "Importazione di inventario.xlsx in corso..." });
    expect([bar.getAttribute("value"), bar.getAttribute("max")]).toEqual(["1200", "5000"]);
  });

  it("lists every refused row in a list that scrolls, reachable from the keyboard", async () => {
    const errors = Array.from({ length: 40 }, (_, i) => `Riga ${i + 2}: il nome è obbligatorio`);
    const risultato = { success: 0, total: 40, created: 0, updated: 0, unchanged: 0, errors };
    const { user } = renderInventory({
      api: previewThenImport([{ riga: 2, nome: "Faro", esito: "creato" }], {
        body: job("completato", { letti: 40, totale: 40, risultato }),
      }),
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    await user.click(await screen.findByRole("button", { name: "Conferma import" }, POLLED));
    expect(await screen.findByText("Import completato: 0/40 elementi processati", {}, POLLED)).toBeTruthy();
    const list = screen.getByRole("list", { name: "Errori di importazione" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(errors);
    expect(list.className).toContain("overflow-y-auto");
    expect(list.tabIndex).toBe(0);
  });

  it("shows why the server refused a file it had accepted", async () => {
    const { user } = renderInventory({
      api: {
        [START]: { status: 202, body: job("in_coda") },
        [PAGE]: { body: job("fallito", { errore: 'File non valido: manca la colonna "Nome"' }) },
      },
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    expect(await screen.findByText('File non valido: manca la colonna "Nome"', {}, POLLED)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Altre Operazioni" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("refuses a file that is not a spreadsheet before sending it", async () => {
    const { server } = renderInventory();
    await inventoryLoaded("Canon EOS R6");
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(
      (await screen.findByLabelText("File Excel da importare")) as HTMLInputElement,
      new File(["ciao"], "note.txt", { type: "text/plain" }),
    );
    expect(await screen.findByText("File non valido")).toBeTruthy();
    expect(server.callsTo(START)).toHaveLength(0);
  });

  it("shows the server's 'File non valido'", async () => {
    const { user } = renderInventory({
      api: { [START]: { status: 400, body: { error: "File non valido" } } },
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    expect(await screen.findByText("File non valido")).toBeTruthy();
  });

  it("says 'Errore durante l'import Excel' when the import fails without a reason", async () => {
    const { user } = renderInventory({ api: { [START]: "network-error" } });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    expect(await screen.findByText("Errore durante l'import Excel")).toBeTruthy();
  });
});

describe("QR code", () => {
  it("encodes the item's inventory link at 128 px with margin 1, downloadable as QR-<name>.png", async () => {
    const tripod = anItem({ id: 7, nome: "Treppiede Manfrotto" });
    const { user } = renderInventory({ items: [tripod] });
    await user.click(await screen.findByRole("button", { name: "Codice QR di Treppiede Manfrotto" }));
    const dialog = within(screen.getByRole("dialog", { name: "Codice QR" }));
    const link = `${window.location.origin}/inventario/7`;
    expect(dialog.getByText(link)).toBeTruthy();

    const image = (await dialog.findByRole("img", { name: "Codice QR di Treppiede Manfrotto" })) as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(await QRCode.toDataURL(link, { width: 128, margin: 1 }));
    const download = dialog.getByRole("link", { name: "Scarica PNG" });
    expect(download.getAttribute("download")).toBe("QR-Treppiede Manfrotto.png");
    expect(download.getAttribute("href")).toBe(image.getAttribute("src"));
  });
});
