import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import QRCode from "qrcode";
import { recordDownloads } from "../../../test/downloads";
import { anItem, renderInventory } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

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

  it("imports a spreadsheet and reports the processed rows and each row error", async () => {
    const { user, server } = renderInventory({
      api: {
        "POST /api/excel/inventario/import": {
          body: {
            success: 3,
            total: 4,
            created: 2,
            updated: 1,
            unchanged: 0,
            errors: ["Riga 5: Corso non valido: Scultura"],
          },
        },
      },
    });
    const input = await screen.findByLabelText("File Excel da importare");
    expect(input.getAttribute("accept")).toBe(".xlsx,.xls");
    await user.upload(input as HTMLInputElement, spreadsheet());
    expect(await screen.findByText("Import completato: 3/4 elementi processati")).toBeTruthy();
    expect(screen.getByText("2 creati, 1 aggiornati, 0 invariati.")).toBeTruthy();
    const errors = within(screen.getByRole("list", { name: "Errori di importazione" }));
    expect(errors.getByText("Riga 5: Corso non valido: Scultura")).toBeTruthy();

    const body = server.callsTo("POST /api/excel/inventario/import")[0]?.body as Record<string, unknown>;
    expect(body.fileName).toBe("inventario.xlsx");
    expect(body.fileSize).toBe(2048);
    expect(body.fileType).toBe(XLSX_TYPE);
    expect(String(body.fileData)).toStartWith(`data:${XLSX_TYPE};base64,`);
  });

  it("shows that the import is running", async () => {
    const { user } = renderInventory({ api: { "POST /api/excel/inventario/import": "never" } });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    expect(
      await screen.findByRole("progressbar", { name: "Importazione di inventario.xlsx in corso..." }),
    ).toBeTruthy();
    expect((screen.getByRole("button", { name: "Altre Operazioni" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("refuses a file that is not a spreadsheet before sending it", async () => {
    const { server } = renderInventory();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(
      (await screen.findByLabelText("File Excel da importare")) as HTMLInputElement,
      new File(["ciao"], "note.txt", { type: "text/plain" }),
    );
    expect(await screen.findByText("File non valido")).toBeTruthy();
    expect(server.callsTo("POST /api/excel/inventario/import")).toHaveLength(0);
  });

  it("shows the server's 'File non valido'", async () => {
    const { user } = renderInventory({
      api: { "POST /api/excel/inventario/import": { status: 400, body: { error: "File non valido" } } },
    });
    await user.upload((await screen.findByLabelText("File Excel da importare")) as HTMLInputElement, spreadsheet());
    expect(await screen.findByText("File non valido")).toBeTruthy();
  });

  it("says 'Errore durante l'import Excel' when the import fails without a reason", async () => {
    const { user } = renderInventory({ api: { "POST /api/excel/inventario/import": "network-error" } });
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
