import { Database } from "bun:sqlite";
import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { backupDatabase } from "../../db/backup";
import type { Json } from "../../testing/harness";
import { createItem } from "../../testing/inventory-fixtures";
import { approvedCameraRequest, day, loanScenario, TODAY, unitIdOf } from "../../testing/loan-fixtures";
import { MAX_PHOTO_SIDE } from "./codec";
import { photoTurns } from "./photo-jobs";

/** A JPEG of `width` × `height`, its left half red, with an EXIF segment naming a camera and an orientation. */
function cameraJpeg(width: number, height: number, orientation = 1): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const left = pixel % width < width / 2;
    data.set(left ? [220, 20, 20, 255] : [20, 20, 220, 255], pixel * 4);
  }
  const plain = new Uint8Array(jpeg.encode({ data, width, height }, 90).data);
  // EXIF: "Exif\0\0", a big-endian TIFF header, one IFD of two entries (orientation, camera make).
  const make = new TextEncoder().encode("Fotocamera-SEGRETA\0");
  const tiff = new Uint8Array(8 + 2 + 2 * 12 + 4 + make.length);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d, 0, 42, 0, 0, 0, 8]);
  view.setUint16(8, 2);
  view.setUint16(10, 0x0112);
  view.setUint16(12, 3);
  view.setUint32(14, 1);
  view.setUint16(18, orientation);
  view.setUint16(22, 0x010f);
  view.setUint16(24, 2);
  view.setUint32(26, make.length);
  view.setUint32(30, 8 + 2 + 24 + 4);
  tiff.set(make, 8 + 2 + 24 + 4);
  const exif = new Uint8Array([...new TextEncoder().encode("Exif\0\0"), ...tiff]);
  const segment = new Uint8Array([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif]);
  return new Uint8Array([...plain.subarray(0, 2), ...segment, ...plain.subarray(2)]);
}

function pngOf(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(128);
  return new Uint8Array(PNG.sync.write(png));
}

type Scenario = Awaited<ReturnType<typeof loanScenario>>;

async function upload(scenario: Scenario, path: string, token: string, bytes: Uint8Array, fields = {}) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "foto.jpg", { type: "image/jpeg" }));
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  const response = await scenario.client.app.handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return { status: response.status, body: (await response.json()) as Json };
}

async function read(scenario: Scenario, url: string, token: string) {
  const response = await scenario.client.app.handle(
    new Request(`http://localhost${url}`, { headers: { authorization: `Bearer ${token}` } }),
  );
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

async function uploadOk(scenario: Scenario, itemId: number, bytes = cameraJpeg(40, 20)): Promise<Json> {
  const answer = await upload(scenario, `/api/inventario/${itemId}/foto`, scenario.admin, bytes);
  if (answer.status !== 200) throw new Error(`upload refused: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describe("photos of items", () => {
  it("keeps an upright JPEG without EXIF, shrunk to the long side kept, and answers it at its url", async () => {
    const scenario = await loanScenario();
    const sent = cameraJpeg(MAX_PHOTO_SIDE + 200, (MAX_PHOTO_SIDE + 200) / 2, 6);
    expect(new TextDecoder("latin1").decode(sent)).toContain("Fotocamera-SEGRETA");
    const saved = await uploadOk(scenario, scenario.camera.id, sent);
    expect(saved).toEqual({ id: expect.any(Number), url: `/api/foto/${saved.id}` });
    const photo = await read(scenario, saved.url, scenario.admin);
    expect(photo.status).toBe(200);
    expect(photo.type).toBe("image/jpeg");
    const text = new TextDecoder("latin1").decode(photo.bytes);
    expect(text).not.toContain("Exif");
    expect(text).not.toContain("Fotocamera-SEGRETA");
    // Orientation 6: the camera held upright, the sensor's pixels turned a quarter; kept upright, 800 × 1600.
    const kept = jpeg.decode(photo.bytes, { useTArray: true });
    expect([kept.width, kept.height]).toEqual([MAX_PHOTO_SIDE / 2, MAX_PHOTO_SIDE]);
    // The red left half of the sensor is now the top.
    expect(kept.data[0]).toBeGreaterThan(150);
    expect(kept.data[kept.width * (kept.height - 1) * 4 + 2]).toBeGreaterThan(150);
    // A 1,800-pixel photo encoded by the test and re-encoded on the worker: seconds on a busy machine.
  }, 15_000);

  it("takes a PNG, and judges the type by the bytes, not by the name or the declared type", async () => {
    const scenario = await loanScenario();
    expect(
      (await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, pngOf(30, 30))).status,
    ).toBe(200);
    const text = new TextEncoder().encode("<html>non sono una foto</html>");
    expect(await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, text)).toEqual({
      status: 415,
      body: { error: "Il file non è una foto JPEG o PNG" },
    });
    const broken = cameraJpeg(40, 20).subarray(0, 200);
    expect((await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, broken)).body).toEqual(
      {
        error: "La foto è danneggiata e non si può leggere",
      },
    );
    const noFile = await scenario.client.post(`/api/inventario/${scenario.camera.id}/foto`, {}, scenario.admin);
    expect(noFile.status).toBe(415);
  });

  it("refuses a file over 12 MB, and a body over the upload's limit before reading it whole", async () => {
    const scenario = await loanScenario();
    const large = new Uint8Array(12 * 1024 * 1024 + 1);
    large.set([0xff, 0xd8, 0xff]);
    expect(await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, large)).toEqual({
      status: 413,
      body: { error: "Foto troppo grande: al massimo 12 MB" },
    });
    const huge = new Uint8Array(14 * 1024 * 1024);
    expect((await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, huge)).status).toBe(
      413,
    );
  });

  it("refuses an upload at once while four photos wait behind the one decoding, and takes them again after", async () => {
    const scenario = await loanScenario();
    const decoding = await photoTurns.take();
    const waiting = Array.from({ length: 4 }, () => photoTurns.take());

    const refused = await upload(
      scenario,
      `/api/inventario/${scenario.camera.id}/foto`,
      scenario.admin,
      cameraJpeg(40, 20),
    );
    // Its body is not even read: a body that is no form at all gets the same answer, not a 415.
    const unread = await scenario.client.app.handle(
      new Request(`http://localhost/api/inventario/${scenario.camera.id}/foto`, {
        method: "POST",
        body: "non è un modulo",
        headers: { authorization: `Bearer ${scenario.admin}`, "content-type": "text/plain" },
      }),
    );
    decoding();
    for (const turn of waiting) (await turn)();

    expect(refused).toEqual({ status: 503, body: { error: "Troppe foto in caricamento: riprova tra poco" } });
    expect(unread.status).toBe(503);
    expect(photoTurns.full()).toBe(false);
    expect((await uploadOk(scenario, scenario.camera.id as number)).url).toBeString();
  });

  it("keeps at most 10 photos an item, and a deleted one makes room", async () => {
    const scenario = await loanScenario();
    const saved: Json[] = [];
    for (let photo = 0; photo < 10; photo++) saved.push(await uploadOk(scenario, scenario.camera.id, pngOf(8, 8)));
    const eleventh = await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, pngOf(8, 8));
    expect(eleventh).toEqual({
      status: 409,
      body: { error: "Un articolo ha al massimo 10 foto: eliminane una prima di aggiungerne un'altra" },
    });
    const first = saved[0] as Json;
    expect((await scenario.client.delete(`/api/foto/${first.id}`, scenario.student.token)).status).toBe(403);
    expect((await scenario.client.delete(`/api/foto/${first.id}`, scenario.admin)).body).toEqual({
      message: "Foto eliminata",
    });
    expect((await read(scenario, first.url, scenario.admin)).status).toBe(404);
    expect((await scenario.client.delete(`/api/foto/${first.id}`, scenario.admin)).status).toBe(404);
    expect(
      (await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, pngOf(8, 8))).status,
    ).toBe(200);
  });

  it("takes a unit's photo only for a unit of that item", async () => {
    const scenario = await loanScenario();
    const path = `/api/inventario/${scenario.camera.id}/foto`;
    const own = await upload(scenario, path, scenario.admin, pngOf(8, 8), { unita_id: unitIdOf(scenario.camera) });
    expect(own.status).toBe(200);
    const other = await upload(scenario, path, scenario.admin, pngOf(8, 8), { unita_id: unitIdOf(scenario.plotter) });
    expect(other).toEqual({ status: 400, body: { error: "Unità non valida: scegli un'unità di questo articolo" } });
    expect((await upload(scenario, "/api/inventario/99999/foto", scenario.admin, pngOf(8, 8))).status).toBe(404);
  });

  it("shows an item's photo to whoever sees the item, and makes the first one its picture", async () => {
    const scenario = await loanScenario();
    const lens = await createItem(scenario.client, scenario.admin, { nome: "Obiettivo 50 mm", immagine_url: null });
    const saved = await uploadOk(scenario, lens.id);
    await uploadOk(scenario, lens.id);
    expect((await read(scenario, saved.url, scenario.student.token)).status).toBe(200);
    expect((await read(scenario, saved.url, scenario.designStudent.token)).status).toBe(404);
    expect((await scenario.client.get(saved.url)).status).toBe(401);
    const catalogue = (await scenario.client.get("/api/inventario/disponibili", scenario.student.token)).body as Json;
    const listed = (Array.isArray(catalogue) ? catalogue : catalogue.elementi) as Json[];
    expect(listed.find((item) => item.id === lens.id)?.immagine_url).toBe(saved.url);
    const item = (await scenario.client.get(`/api/inventario/${lens.id}`, scenario.admin)).body as Json;
    expect(item.immagine_url).toBe(saved.url);
    // The edit form sends the picture back as it got it: the item keeps no link, and still shows its photo.
    const edited = await scenario.client.put(
      `/api/inventario/${lens.id}`,
      { ...item, note: "Con paraluce" },
      scenario.admin,
    );
    expect(edited.body).toMatchObject({ note: "Con paraluce", immagine_url: saved.url });
    // An item with a link of its own keeps showing it.
    await uploadOk(scenario, scenario.camera.id);
    const camera = (await scenario.client.get(`/api/inventario/${scenario.camera.id}`, scenario.admin)).body as Json;
    expect(camera.immagine_url).toBe("https://example.org/canon.jpg");
  });
});

describe("an item's photo list", () => {
  it("lists the item's and its units' photos, not a fault's, to whoever sees the item", async () => {
    const scenario = await loanScenario();
    const path = `/api/inventario/${scenario.camera.id}/foto`;
    const whole = await uploadOk(scenario, scenario.camera.id, pngOf(8, 8));
    const unitId = unitIdOf(scenario.camera);
    const ofUnit = (await upload(scenario, path, scenario.admin, pngOf(8, 8), { unita_id: unitId })).body;
    const listed = [
      { id: whole.id, url: whole.url, unita_id: null },
      { id: ofUnit.id, url: ofUnit.url, unita_id: unitId },
    ];
    expect((await scenario.client.get(path, scenario.admin)).body).toEqual(listed);
    expect((await scenario.client.get(path, scenario.student.token)).body).toEqual(listed);
    expect(await scenario.client.get(path, scenario.designStudent.token)).toMatchObject({
      status: 404,
      body: { error: "Articolo non trovato" },
    });
    // A deleted photo leaves the list at once: the list is kept until a photo changes.
    await scenario.client.delete(`/api/foto/${whole.id}`, scenario.admin);
    expect((await scenario.client.get(path, scenario.student.token)).body).toEqual([listed[1]]);
  });

  it("gives the Banco's scan the unit's own photo, else the item's picture", async () => {
    const scenario = await loanScenario();
    const [first, second] = (scenario.camera.unita as Json[]).map((unit) => unit.codice_univoco as string);
    const scan = async (code: string) =>
      ((await scenario.client.get(`/api/banco/scansione?codice=${code}`, scenario.admin)).body as Json).unita as Json[];
    expect((await scan(first as string))[0]?.foto_url).toBe("https://example.org/canon.jpg");
    const ofUnit = (
      await upload(scenario, `/api/inventario/${scenario.camera.id}/foto`, scenario.admin, pngOf(8, 8), {
        unita_id: unitIdOf(scenario.camera),
      })
    ).body;
    expect((await scan(first as string))[0]?.foto_url).toBe(ofUnit.url);
    expect((await scan(second as string))[0]?.foto_url).toBe("https://example.org/canon.jpg");
    const lens = await createItem(scenario.client, scenario.admin, { nome: "Obiettivo 35 mm", immagine_url: null });
    const lensCode = (lens.unita as Json[])[0]?.codice_univoco as string;
    expect((await scan(lensCode))[0]?.foto_url).toBeNull();
    const lensPhoto = await uploadOk(scenario, lens.id, pngOf(8, 8));
    expect((await scan(lensCode))[0]?.foto_url).toBe(lensPhoto.url);
  });
});

describe("a fault report's photo", () => {
  it("is attached by the report's author, seen by them and the desk only", async () => {
    const scenario = await loanScenario();
    const unitId = unitIdOf(scenario.camera);
    const { loanId } = await approvedCameraRequest(scenario, TODAY, day(3));
    const report = await scenario.client.post(
      "/api/segnalazioni",
      {
        tipo: "guasto",
        urgenza: "alta",
        messaggio: "L'obiettivo non mette a fuoco",
        unit_id: unitId,
        prestito_id: loanId,
      },
      scenario.student.token,
    );
    expect(report.status).toBe(200);
    const path = `/api/segnalazioni/${(report.body as Json).id}/foto`;
    expect((await upload(scenario, path, scenario.classmate.token, cameraJpeg(40, 20))).status).toBe(404);
    const saved = await upload(scenario, path, scenario.student.token, cameraJpeg(40, 20));
    expect(saved.status).toBe(200);
    expect((await read(scenario, saved.body.url, scenario.student.token)).status).toBe(200);
    expect((await read(scenario, saved.body.url, scenario.admin)).status).toBe(200);
    expect((await read(scenario, saved.body.url, scenario.classmate.token)).status).toBe(404);
    // The desk's list of reports and the student's own carry it.
    const listed = (await scenario.client.get("/api/segnalazioni", scenario.admin)).body as Json[];
    expect(listed.find((row) => row.id === (report.body as Json).id)?.foto).toEqual([saved.body.url]);
    const own = (await scenario.client.get("/api/segnalazioni/mie", scenario.student.token)).body as Json[];
    expect(own[0]?.foto).toEqual([saved.body.url]);
    // A fault's photo is not the item's picture.
    const item = (await scenario.client.get(`/api/inventario/${scenario.camera.id}`, scenario.admin)).body as Json;
    expect(item.immagine_url).toBe("https://example.org/canon.jpg");
  });
});

describe("backups", () => {
  it("carry the photos, inside the database's one file", async () => {
    const scenario = await loanScenario();
    const saved = await uploadOk(scenario, scenario.camera.id);
    const stored = await read(scenario, saved.url, scenario.admin);
    const dir = mkdtempSync(join(tmpdir(), "prestalab-photos-"));
    try {
      const file = join(dir, "backup.db");
      backupDatabase(scenario.ctx.sqlite, file);
      const backup = new Database(file, { readonly: true });
      const row = backup.query("SELECT jpeg FROM foto WHERE id = ?").get(saved.id) as { jpeg: Uint8Array };
      backup.close();
      expect(new Uint8Array(row.jpeg)).toEqual(stored.bytes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
