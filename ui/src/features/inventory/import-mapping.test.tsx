import { describe, expect, it } from "bun:test";
import { screen, waitFor, within } from "@testing-library/react";
import { renderInventory } from "../../../test/inventory-fixtures";
import type { ApiRoutes } from "../../../test/mock-api";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const START = "POST /api/excel/inventario/import/lavori";
const POLLED = { timeout: 3000 };

const GUESSED = [
  { colonna: "Nome", campo: "nome", origine: "indovinata" },
  { colonna: "Serial", campo: "numero_serie", origine: "indovinata" },
  { colonna: "Descrizione lunga", campo: "note", origine: "indovinata" },
  { colonna: "Stato di conservazione", campo: null, origine: null },
];

function outcome(colonne: Array<Record<string, unknown>>) {
  const ignored = colonne.filter((column) => column.campo === null).map((column) => column.colonna);
  return {
    success: 2,
    total: 2,
    created: 1,
    updated: 1,
    unchanged: 0,
    errors: [],
    anteprima: true,
    avvisi: [{ riga: 2, messaggio: '"Zoom H5" non ha un corso: nessuno studente lo vedrà' }],
    ...(ignored.length ? { colonne_ignorate: ignored } : {}),
    colonne,
    righe: [
      {
        riga: 2,
        nome: "Zoom H5",
        esito: "creato",
        abbinamenti: [{ campo: "Categoria", valore: "audio", abbinato: "Audio" }],
      },
      {
        riga: 3,
        nome: "Zoom H5",
        esito: "aggiornato",
        abbinamenti: [{ campo: "Nome", valore: "Zoom H5", abbinato: "articolo della riga 2" }],
      },
    ],
  };
}

/** Each job answers at once: a preview with the columns as the request mapped them, or the finished import. */
function api(): ApiRoutes {
  let jobs = 0;
  const results = new Map<string, unknown>();
  return {
    [START]: (call) => {
      const body = call.body as { anteprima?: boolean; mappatura?: Record<string, string> };
      const id = `lavoro-${++jobs}`;
      const colonne = body.mappatura
        ? GUESSED.map((column) => {
            const campo = body.mappatura?.[column.colonna as string] || null;
            return { ...column, campo, origine: campo ? "scelta" : null };
          })
        : GUESSED;
      results.set(
        id,
        body.anteprima ? outcome(colonne) : { success: 2, total: 2, created: 1, updated: 1, unchanged: 0, errors: [] },
      );
      return { status: 202, body: { id, fase: "in_coda", letti: 0, totale: 0 } };
    },
    ...Object.fromEntries(
      ["lavoro-1", "lavoro-2", "lavoro-3"].map((id) => [
        `GET /api/excel/inventario/import/lavori/${id}`,
        () => ({ body: { id, fase: "completato", letti: 2, totale: 2, risultato: results.get(id) } }),
      ]),
    ),
  };
}

describe("the mapping step of an import's preview", () => {
  it("shows each column beside its field, lists the unknown one as not imported, the warnings and the matches", async () => {
    const { user } = renderInventory({ api: api() });
    await user.upload(
      (await screen.findByLabelText("File Excel da importare")) as HTMLInputElement,
      new File([new Uint8Array(64)], "mio-inventario.xlsx", { type: XLSX_TYPE }),
    );
    const columns = within(await screen.findByRole("region", { name: "Colonne del file" }, POLLED));
    expect((columns.getByLabelText("Campo per la colonna Serial") as HTMLSelectElement).value).toBe("numero_serie");
    expect(columns.getAllByText("dal titolo")).toHaveLength(3);
    const unknown = columns.getByRole("row", { name: /Stato di conservazione/ });
    expect(within(unknown).getByText("non importata")).toBeTruthy();
    expect(screen.getByText("Non importate: Stato di conservazione. Scegli un campo per importarle.")).toBeTruthy();
    const warnings = within(screen.getByRole("list", { name: "Avvisi dell'anteprima" }));
    expect(warnings.getByText('Riga 2: "Zoom H5" non ha un corso: nessuno studente lo vedrà')).toBeTruthy();
    const rows = within(screen.getByRole("region", { name: "Righe dell'anteprima" }));
    expect(rows.getByText("Categoria: «audio» → Audio")).toBeTruthy();
    expect(rows.getByText("Nome: «Zoom H5» → articolo della riga 2")).toBeTruthy();
  });

  it("previews again with the desk's choice, moving a field from the column that had it, and imports with that mapping", async () => {
    const { user, server } = renderInventory({ api: api() });
    await user.upload(
      (await screen.findByLabelText("File Excel da importare")) as HTMLInputElement,
      new File([new Uint8Array(64)], "mio-inventario.xlsx", { type: XLSX_TYPE }),
    );
    const columns = within(await screen.findByRole("region", { name: "Colonne del file" }, POLLED));
    await user.selectOptions(columns.getByLabelText("Campo per la colonna Stato di conservazione"), "note");
    const chosen = {
      Nome: "nome",
      Serial: "numero_serie",
      "Descrizione lunga": "",
      "Stato di conservazione": "note",
    };
    await waitFor(() => expect(server.callsTo(START)[1]?.body).toMatchObject({ anteprima: true, mappatura: chosen }));
    const remapped = within(await screen.findByRole("region", { name: "Colonne del file" }, POLLED));
    expect(
      ((await remapped.findByLabelText("Campo per la colonna Stato di conservazione")) as HTMLSelectElement).value,
    ).toBe("note");

    await user.click(await screen.findByRole("button", { name: "Conferma import" }, POLLED));
    expect(await screen.findByText("Import completato: 2/2 elementi processati", {}, POLLED)).toBeTruthy();
    await waitFor(() => expect(server.callsTo(START)[2]?.body).toMatchObject({ anteprima: false, mappatura: chosen }));
  });
});
