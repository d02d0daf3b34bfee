import jpeg from "jpeg-js";
import type { AppContext } from "../context";
import { foto } from "../db/schema";
import { writeTransaction } from "../db/transaction";

/**
 * The demo academy's photos: a small picture drawn in code for the first item of a few categories, so a
 * first start shows photos on the catalogue, the item page and the Banco. Drawn, not downloaded: no
 * third-party image, no network, and the same bytes at every start.
 */

const WIDTH = 320;
const HEIGHT = 240;
const QUALITY = 80;
/** How many items get a photo: enough for the catalogue's first screen, few enough for a fast start. */
export const DEMO_PHOTO_ITEMS = 8;

/** A filled shape of a silhouette, in pixels of the picture; `shade` 0 is the darkest, 1 the lightest. */
type Shape =
  | { kind: "box"; x: number; y: number; width: number; height: number; corner: number; shade: number }
  | { kind: "disc"; x: number; y: number; radius: number; shade: number };

const box = (x: number, y: number, width: number, height: number, corner: number, shade: number): Shape => ({
  kind: "box",
  x,
  y,
  width,
  height,
  corner,
  shade,
});
const disc = (x: number, y: number, radius: number, shade: number): Shape => ({ kind: "disc", x, y, radius, shade });

/** Generic outlines of the equipment, drawn back to front. */
const SILHOUETTES = {
  camera: [
    box(85, 80, 150, 95, 14, 0.15),
    box(105, 66, 40, 20, 5, 0.2),
    disc(160, 128, 40, 0.3),
    disc(160, 128, 28, 0.08),
    disc(150, 118, 7, 0.8),
  ],
  lens: [disc(160, 118, 72, 0.15), disc(160, 118, 58, 0.35), disc(160, 118, 42, 0.05), disc(143, 101, 9, 0.85)],
  lamp: [box(156, 110, 8, 80, 2, 0.2), box(120, 185, 80, 8, 3, 0.2), disc(160, 95, 50, 0.9), disc(160, 95, 36, 1)],
  screen: [box(70, 60, 180, 115, 8, 0.12), box(80, 70, 160, 95, 4, 0.55), box(60, 175, 200, 12, 5, 0.25)],
  microphone: [box(150, 110, 20, 85, 8, 0.2), disc(160, 85, 34, 0.35), disc(160, 85, 24, 0.55)],
  tripod: [
    box(157, 70, 6, 120, 3, 0.2),
    box(125, 110, 6, 80, 3, 0.2),
    box(189, 110, 6, 80, 3, 0.2),
    box(130, 60, 60, 18, 4, 0.15),
  ],
} satisfies Record<string, Shape[]>;

type Silhouette = keyof typeof SILHOUETTES;

/** The outline each of the catalog's categories is drawn with; others get the camera's. */
const SILHOUETTE_OF: Record<string, Silhouette> = {
  Fotocamere: "camera",
  Obiettivi: "lens",
  Videocamere: "camera",
  Illuminazione: "lamp",
  Audio: "microphone",
  Treppiedi: "tripod",
  Stabilizzatori: "tripod",
  "Tavolette grafiche": "screen",
  Proiettori: "lamp",
  "Computer portatili": "screen",
};

/** How much of the pixel at (x, y) the shape covers, 0 to 1, with a one-pixel soft edge. */
function coverage(shape: Shape, x: number, y: number): number {
  let distance: number;
  if (shape.kind === "disc") distance = Math.hypot(x - shape.x, y - shape.y) - shape.radius;
  else {
    const halfWidth = shape.width / 2 - shape.corner;
    const halfHeight = shape.height / 2 - shape.corner;
    const dx = Math.max(Math.abs(x - (shape.x + shape.width / 2)) - halfWidth, 0);
    const dy = Math.max(Math.abs(y - (shape.y + shape.height / 2)) - halfHeight, 0);
    distance = Math.hypot(dx, dy) - shape.corner;
  }
  return Math.min(Math.max(0.5 - distance, 0), 1);
}

/** An RGB colour of this hue (degrees) at this lightness (0–1), half saturated. */
function tint(hue: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * 0.5;
  const sector = (((hue % 360) + 360) % 360) / 60;
  const second = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r, g, b] = [
    [chroma, second, 0],
    [second, chroma, 0],
    [0, chroma, second],
    [0, second, chroma],
    [second, 0, chroma],
    [chroma, 0, second],
  ][Math.floor(sector)] as [number, number, number];
  const base = lightness - chroma / 2;
  return [r, g, b].map((channel) => Math.round((channel + base) * 255)) as [number, number, number];
}

/**
 * A picture of a category's equipment: its outline on a backdrop of the hue, lighter at the top, with a
 * shadow under it. A JPEG of WIDTH × HEIGHT pixels, a few kilobytes.
 */
export function drawDemoPhoto(category: string, hue: number): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 4).fill(255);
  for (let y = 0; y < HEIGHT; y++) {
    const [r, g, b] = tint(hue, 0.92 - (0.25 * y) / HEIGHT);
    for (let x = 0; x < WIDTH; x++) {
      // A soft shadow on the floor, an ellipse under the object.
      const floor = Math.min(Math.hypot((x - 160) / 110, (y - 200) / 16), 1);
      const light = 0.8 + 0.2 * floor;
      const at = (y * WIDTH + x) * 4;
      pixels[at] = r * light;
      pixels[at + 1] = g * light;
      pixels[at + 2] = b * light;
    }
  }
  // Each shape is laid over the pixels of its own bounding box only: most of the picture is backdrop.
  for (const shape of SILHOUETTES[SILHOUETTE_OF[category] ?? "camera"]) {
    const colour = tint(hue + 180, 0.15 + 0.75 * shape.shade);
    const [left, top, right, bottom] =
      shape.kind === "disc"
        ? [shape.x - shape.radius, shape.y - shape.radius, shape.x + shape.radius, shape.y + shape.radius]
        : [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
    for (let y = Math.max(Math.floor(top) - 1, 0); y <= Math.min(Math.ceil(bottom) + 1, HEIGHT - 1); y++)
      for (let x = Math.max(Math.floor(left) - 1, 0); x <= Math.min(Math.ceil(right) + 1, WIDTH - 1); x++) {
        const covered = coverage(shape, x, y);
        if (covered === 0) continue;
        const at = (y * WIDTH + x) * 4;
        for (let channel = 0; channel < 3; channel++) {
          const under = pixels[at + channel] as number;
          pixels[at + channel] = under + ((colour[channel] as number) - under) * covered;
        }
      }
  }
  return new Uint8Array(jpeg.encode({ data: pixels, width: WIDTH, height: HEIGHT }, QUALITY).data);
}

/** Gives the first item of each of the first DEMO_PHOTO_ITEMS categories a drawn photo, added by `adminId`. */
export function addDemoPhotos(ctx: AppContext, adminId: number): number {
  const firstItems = ctx.sqlite
    .query(
      `SELECT min(i.id) AS id, c.nome AS category FROM inventario i JOIN categorie c ON c.id = i.categoria_id
       GROUP BY c.id ORDER BY min(i.id) LIMIT ?`,
    )
    .all(DEMO_PHOTO_ITEMS) as Array<{ id: number; category: string }>;
  const now = ctx.clock.now().toISOString();
  const photos = firstItems.map((item, position) => ({
    inventarioId: item.id,
    jpeg: Buffer.from(drawDemoPhoto(item.category, (position * 360) / DEMO_PHOTO_ITEMS)),
    larghezza: WIDTH,
    altezza: HEIGHT,
    caricataDa: adminId,
    createdAt: now,
  }));
  writeTransaction(ctx.db, (tx) => tx.insert(foto).values(photos).run());
  return photos.length;
}
