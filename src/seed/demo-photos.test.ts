import { describe, expect, it } from "bun:test";
import { isPhotoUrl } from "../domain/photos";
import { imageTypeOf } from "../modules/photos/codec";
import { createTestClient, createTestContext, type Json } from "../testing/harness";
import { loadDemoAcademy } from "./demo";
import { DEMO_PHOTO_ITEMS, drawDemoPhoto } from "./demo-photos";

describe("the demo academy's photos", () => {
  it("gives a few items a small drawn photo, which the demo student sees on the catalogue", async () => {
    const client = createTestClient(createTestContext());
    const demo = await loadDemoAcademy(client.ctx, { email: "banco@accademia-demo.it", password: "Banco-Demo-2026" });
    const photos = client.ctx.sqlite
      .query(
        `SELECT f.inventario_id AS item, i.categoria_id AS category, length(f.jpeg) AS bytes, f.jpeg AS jpeg
         FROM foto f JOIN inventario i ON i.id = f.inventario_id`,
      )
      .all() as Array<{ item: number; category: number; bytes: number; jpeg: Uint8Array }>;
    expect(photos).toHaveLength(DEMO_PHOTO_ITEMS);
    // One item of each category, a real JPEG, small enough for a fast first start.
    expect(new Set(photos.map((photo) => photo.category)).size).toBe(DEMO_PHOTO_ITEMS);
    for (const photo of photos) {
      expect(imageTypeOf(photo.jpeg)).toBe("jpeg");
      expect(photo.bytes).toBeLessThan(12_000);
    }

    const login = await client.post("/api/auth/login", {
      email: demo.studentEmail,
      username: demo.studentEmail,
      password: demo.studentPassword,
    });
    const catalogue = (await client.get("/api/inventario/disponibili", login.body.token)).body as Json[];
    const pictured = catalogue.filter((item) => isPhotoUrl(item.immagine_url as string));
    expect(pictured.length).toBeGreaterThan(0);
    const picture = await client.app.handle(
      new Request(`http://localhost${pictured[0]?.immagine_url}`, {
        headers: { authorization: `Bearer ${login.body.token}` },
      }),
    );
    expect(picture.status).toBe(200);
    expect(imageTypeOf(new Uint8Array(await picture.arrayBuffer()))).toBe("jpeg");
  });

  it("draws the same bytes at every start", () => {
    expect(drawDemoPhoto("Audio", 90)).toEqual(drawDemoPhoto("Audio", 90));
    expect(drawDemoPhoto("Audio", 90)).not.toEqual(drawDemoPhoto("Fotocamere", 90));
  });
});
