import { describe, expect, it } from "bun:test";
import { screen, within } from "@testing-library/react";
import { aStudent } from "../../../test/fixtures";
import { anItem, studentApi } from "../../../test/loan-fixtures";
import { catalogueRoute } from "../../../test/paged-lists";
import { renderApp } from "../../../test/render-app";

const student = aStudent();

describe("the catalogue's word on a unit booked next week", () => {
  it("shows the item free until the day before the booking, and lets the student ask for it", async () => {
    const fx3 = anItem({
      id: 40,
      nome: "Sony FX3",
      quantita_totale: 1,
      unita_disponibili: 1,
      libera_fino_al: "2025-03-16",
      prossima_disponibilita: "2025-03-10",
    });
    const gimbal = anItem({
      id: 41,
      nome: "Gimbal DJI",
      quantita_totale: 1,
      unita_disponibili: 0,
      stato_effettivo: "in_prestito",
      prossima_disponibilita: "2025-03-14",
    });
    const { user } = renderApp({
      signedInAs: student,
      api: {
        ...studentApi(student.id),
        "GET /api/inventario/disponibili": catalogueRoute([fx3, gimbal]),
        "GET /api/categorie-semplici": { body: [] },
      },
    });
    await screen.findByRole("heading", { name: "Benvenuto, Giulia Bianchi" });
    const sidebar = within(screen.getByRole("navigation", { name: "Navigazione principale" }));
    await user.click(sidebar.getByRole("link", { name: "Articoli Disponibili" }));
    const fx3Card = within(
      (await screen.findByRole("heading", { name: "Sony FX3" })).closest("article") as HTMLElement,
    );
    expect(fx3Card.getByText("Disponibile")).toBeTruthy();
    expect(fx3Card.getByText("Libera fino al 16/03/2025")).toBeTruthy();
    expect(fx3Card.getByRole("button", { name: "Richiedi Sony FX3" }).hasAttribute("disabled")).toBe(false);
    const gimbalCard = within(screen.getByRole("heading", { name: "Gimbal DJI" }).closest("article") as HTMLElement);
    expect(gimbalCard.getByText("Libera dal 14/03/2025")).toBeTruthy();
  });
});
