import { describe, expect, it } from "bun:test";
import { auditActions, createItem, editPayload } from "../../testing/inventory-fixtures";
import { createKitOk, createPortraitKit, portraitKit } from "../../testing/kit-fixtures";
import { loanScenario, unitIdOf } from "../../testing/loan-fixtures";

describe("the desk's kits", () => {
  it("creates a kit with its lines, pinned unit and accessories, and lists it", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera, studioLight } = scenario;
    const created = await createPortraitKit(scenario);
    expect(created).toMatchObject({
      nome: "Kit ritratto",
      descrizione: "Per i ritratti in studio",
      corsi_assegnati: ["Fotografia"],
      righe: [
        {
          inventario_id: camera.id,
          oggetto_nome: "Fotocamera Canon",
          quantita: 1,
          unit_id: unitIdOf(camera, 0),
          codice_univoco: camera.unita[0].codice_univoco,
        },
        { inventario_id: camera.id, quantita: 1, unit_id: null, codice_univoco: null },
        { inventario_id: studioLight.id, oggetto_nome: "Luce da studio", quantita: 1, unit_id: null },
      ],
      accessori: [
        { nome: "Batteria", quantita: 2 },
        { nome: "Borsa", quantita: 1 },
      ],
    });
    expect((await client.get("/api/kit", admin)).body).toEqual([created]);
    expect((await client.get(`/api/kit/${created.id}`, admin)).body).toEqual(created);
  });

  it("replaces a kit whole on PUT and takes it off every list on DELETE, auditing each change", async () => {
    const scenario = await loanScenario();
    const { client, admin, ctx, tablet } = scenario;
    const created = await createPortraitKit(scenario);
    const changed = await client.put(
      `/api/kit/${created.id}`,
      portraitKit(scenario, {
        nome: "Kit ritratto leggero",
        righe: [{ inventario_id: tablet.id, quantita: 1 }],
        accessori: [],
      }),
      admin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      id: created.id,
      nome: "Kit ritratto leggero",
      righe: [{ inventario_id: tablet.id, quantita: 1, unit_id: null }],
      accessori: [],
    });
    const removed = await client.delete(`/api/kit/${created.id}`, admin);
    expect(removed.body).toEqual({ message: "Kit «Kit ritratto leggero» eliminato" });
    expect((await client.get("/api/kit", admin)).body).toEqual([]);
    expect((await client.get(`/api/kit/${created.id}`, admin)).status).toBe(404);
    expect((await client.delete(`/api/kit/${created.id}`, admin)).body).toEqual({ error: "Kit non trovato" });
    expect(auditActions(ctx).filter((action) => action.startsWith("kit."))).toEqual([
      "kit.create",
      "kit.update",
      "kit.delete",
    ]);
    // The name of a deleted kit is free again.
    expect((await client.post("/api/kit", portraitKit(scenario, { nome: "Kit ritratto leggero" }), admin)).status).toBe(
      200,
    );
  });

  it("shows a student the kits of their course only, and keeps every change to the desk", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, designStudent, plotter } = scenario;
    const portrait = await createPortraitKit(scenario);
    const design = await createKitOk(client, admin, {
      nome: "Kit stampa",
      corsi_assegnati: ["Design"],
      righe: [{ inventario_id: plotter.id, quantita: 1 }],
    });
    expect((await client.get("/api/kit", student.token)).body.map((kit: { id: number }) => kit.id)).toEqual([
      portrait.id,
    ]);
    expect((await client.get("/api/kit", designStudent.token)).body.map((kit: { id: number }) => kit.id)).toEqual([
      design.id,
    ]);
    expect((await client.get(`/api/kit/${portrait.id}`, student.token)).status).toBe(200);
    expect((await client.get(`/api/kit/${design.id}`, student.token)).body).toEqual({ error: "Kit non trovato" });
    expect((await client.post("/api/kit", portraitKit(scenario, { nome: "Mio" }), student.token)).status).toBe(403);
    expect((await client.put(`/api/kit/${portrait.id}`, portraitKit(scenario), student.token)).status).toBe(403);
    expect((await client.delete(`/api/kit/${portrait.id}`, student.token)).status).toBe(403);
    expect((await client.get("/api/kit")).status).toBe(401);
  });

  it("hides from students a kit with an item later taken off their course, and keeps it for the desk", async () => {
    const scenario = await loanScenario();
    const { client, admin, student, studioLight } = scenario;
    const kit = await createPortraitKit(scenario);
    const moved = await client.put(
      `/api/inventario/${studioLight.id}`,
      editPayload(studioLight, { corsi_assegnati: ["Design"] }),
      admin,
    );
    expect(moved.status).toBe(200);
    expect((await client.get("/api/kit", student.token)).body).toEqual([]);
    expect((await client.get(`/api/kit/${kit.id}`, student.token)).status).toBe(404);
    expect((await client.get("/api/kit", admin)).body.map((shown: { id: number }) => shown.id)).toEqual([kit.id]);
  });

  it("refuses bad kits with an Italian 400 and stores nothing", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera, studioLight, plotter } = scenario;
    const other = await createItem(client, admin, { nome: "Treppiede", quantita_totale: 1 });
    const line = (fields: Record<string, unknown>) => [{ inventario_id: camera.id, quantita: 1, ...fields }];
    const cases: [Record<string, unknown>, string][] = [
      [{ nome: "  " }, "Indica il nome del kit"],
      [{ nome: "x".repeat(121) }, "Testo troppo lungo (massimo 120 caratteri)"],
      [{ descrizione: "x".repeat(2001) }, "Testo troppo lungo (massimo 2000 caratteri)"],
      [{ righe: [] }, "Un kit ha da 1 a 50 righe"],
      [{ corsi_assegnati: [] }, "Assegna almeno un corso"],
      [{ corsi_assegnati: ["Astronomia"] }, "Corso non valido: Astronomia"],
      [{ righe: [{ inventario_id: 99999, quantita: 1 }] }, "Articolo #99999 non trovato: non può entrare nel kit"],
      [{ righe: line({ quantita: 0 }) }, "La quantità di ogni riga va da 1 a 100"],
      [{ righe: line({ quantita: 4 }) }, "Il kit chiede 4 unità di «Fotocamera Canon», che ne ha 3"],
      [
        { righe: line({ unit_id: unitIdOf(other) }) },
        `L'unità #${unitIdOf(other)} non è un'unità di «Fotocamera Canon»`,
      ],
      [
        { righe: line({ unit_id: unitIdOf(camera), quantita: 2 }) },
        `La riga con l'unità fissa ${camera.unita[0].codice_univoco} ha quantità 1`,
      ],
      [
        { righe: [...line({ unit_id: unitIdOf(camera) }), ...line({ unit_id: unitIdOf(camera) })] },
        `L'unità ${camera.unita[0].codice_univoco} compare due volte nel kit`,
      ],
      [
        { righe: [...line({}), ...line({ quantita: 2 })] },
        "«Fotocamera Canon» compare in due righe senza unità fissa: indica la quantità in una sola riga",
      ],
      [
        { righe: [{ inventario_id: plotter.id, quantita: 1 }] },
        "«Plotter» non è assegnato al corso Fotografia: i suoi studenti non potrebbero prenotare il kit",
      ],
      [{ accessori: [{ nome: "Batteria", quantita: 0 }] }, "La quantità di ogni accessorio va da 1 a 999"],
      [{ accessori: [{ nome: " ", quantita: 1 }] }, "Indica il nome di ogni accessorio"],
      [
        {
          accessori: [
            { nome: "Batteria", quantita: 1 },
            { nome: "batteria", quantita: 1 },
          ],
        },
        "L'accessorio «batteria» compare due volte: indica la quantità",
      ],
      [{ righe: [{ inventario_id: studioLight.id }] }, "La quantità di ogni riga va da 1 a 100"],
      [{ righe: line({ unit_id: "a" }) }, "Unità non valida in una riga del kit"],
      [{ righe: Array.from({ length: 51 }, () => line({})[0]) }, "Un kit ha da 1 a 50 righe"],
      [{ descrizione: 5 }, "La descrizione del kit è un testo"],
      [{ accessori: [{ nome: "x".repeat(121), quantita: 1 }] }, "Testo troppo lungo (massimo 120 caratteri)"],
    ];
    for (const [change, error] of cases) {
      const answer = await client.post("/api/kit", portraitKit(scenario, change), admin);
      expect({ change, status: answer.status, body: answer.body }).toEqual({ change, status: 400, body: { error } });
    }
    expect((await client.get("/api/kit", admin)).body).toEqual([]);
    expect((await client.put("/api/kit/99999", portraitKit(scenario), admin)).body).toEqual({
      error: "Kit non trovato",
    });
    expect((await client.get("/api/kit/abc", admin)).status).toBe(400);
  });

  it("refuses a second live kit with the same name (409)", async () => {
    const scenario = await loanScenario();
    const { client, admin } = scenario;
    await createPortraitKit(scenario);
    const again = await client.post("/api/kit", portraitKit(scenario, { nome: "KIT RITRATTO" }), admin);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "Esiste già un kit chiamato «KIT RITRATTO»" });
  });

  it("refuses to pin a lost unit", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera } = scenario;
    await client.put(`/api/inventario/${camera.id}/units/${unitIdOf(camera, 0)}`, { perso: true }, admin);
    const answer = await client.post("/api/kit", portraitKit(scenario), admin);
    expect(answer.body).toEqual({
      error: `L'unità ${camera.unita[0].codice_univoco} è segnata come persa: non può entrare nel kit`,
    });
  });

  it("keeps a kit's item and pinned unit in the inventory while the kit lives, and lets them go after", async () => {
    const scenario = await loanScenario();
    const { client, admin, camera, studioLight } = scenario;
    const kit = await createPortraitKit(scenario);
    const pinnedCode = camera.unita[0].codice_univoco;
    const withoutPinned = editPayload(camera, {
      unita: camera.unita.slice(1).map((unit: { id: number; codice_univoco: string }) => ({
        id: unit.id,
        codice_univoco: unit.codice_univoco,
      })),
    });
    const removal = await client.put(`/api/inventario/${camera.id}`, withoutPinned, admin);
    expect(removal.status).toBe(409);
    expect(removal.body).toEqual({
      error: `Impossibile rimuovere l'unità ${pinnedCode}: è fissata nel kit «Kit ritratto»`,
    });
    const archive = await client.delete(`/api/inventario/${studioLight.id}`, admin);
    expect(archive.status).toBe(409);
    expect(archive.body).toEqual({ error: "Impossibile eliminare: l'articolo è nel kit «Kit ritratto»." });
    await client.delete(`/api/kit/${kit.id}`, admin);
    expect((await client.put(`/api/inventario/${camera.id}`, withoutPinned, admin)).status).toBe(200);
    expect((await client.delete(`/api/inventario/${studioLight.id}`, admin)).status).toBe(200);
  });
});
