/**
 * Memory under a flood of photo uploads, against the compiled binary (dist/prestalab: `bun run build`
 * first): `bun scripts/upload-flood.ts [--uploads 50] [--megabytes 5] [--rounds 3]`. Each round sends
 * every upload at once to one item; the script prints the answers' statuses, the worst /api/health wait
 * during the round, and the server's resident memory before, at its peak and after. Not part of the test
 * suite: the numbers depend on the machine. Run it alone, never beside the tests.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import jpeg from "jpeg-js";
import { PrestaLabServer } from "../e2e/support/server";

const { values } = parseArgs({
  options: {
    uploads: { type: "string", default: "50" },
    megabytes: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
  },
});
const uploads = Number(values.uploads);
const megabytes = Number(values.megabytes);
const rounds = Number(values.rounds);

/**
 * A phone-sized JPEG of about `megabytes`: a gradient under fine noise, which JPEG cannot squeeze, at
 * 4000 × 3000 pixels. The noise's strength is what brings it to the size asked for.
 */
function phonePhoto(target: number): Uint8Array<ArrayBuffer> {
  const width = 4000;
  const height = 3000;
  const pixels = new Uint8Array(width * height * 4);
  let seed = 1;
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  // Measured on this encoder at this size and quality: about 0.245 MB per unit of noise strength.
  const strength = target / 0.245;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      pixels[at] = (x / width) * 200 + noise() * strength;
      pixels[at + 1] = (y / height) * 200 + noise() * strength;
      pixels[at + 2] = 120 + noise() * strength;
      pixels[at + 3] = 255;
    }
  return Uint8Array.from(jpeg.encode({ data: pixels, width, height }, 90).data);
}

/** VmRSS (now) or VmHWM (the most since the start), in MB. */
function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

const settle = () => new Promise((wake) => setTimeout(wake, 2_000));

const photo = phonePhoto(megabytes);
console.log(`photo: ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG, 4000 × 3000`);
const server = await PrestaLabServer.start({ env: { LOG_LEVEL: "warn" } });
try {
  const pid = server.pid as number;
  const token = await server.login();
  const item = await server.call("POST", "/api/inventario", {
    token,
    body: { nome: "Fotocamera di prova", quantita_totale: 1, corsi_assegnati: ["Fotografia"] },
  });
  await settle();
  console.log(`idle: ${memoryMb(pid, "VmRSS").toFixed(0)} MB resident`);
  console.log("| round | answers | worst /api/health | RSS before | RSS peak | RSS after (2 s) |");
  console.log("| ----- | ------- | ----------------- | ---------- | -------- | --------------- |");
  for (let round = 1; round <= rounds; round++) {
    const before = memoryMb(pid, "VmRSS");
    let peak = before;
    let done = false;
    let worstHealth = 0;
    const watch = (async () => {
      while (!done) {
        peak = Math.max(peak, memoryMb(pid, "VmRSS"));
        const asked = performance.now();
        await fetch(`${server.baseURL}/api/health`).then((answer) => answer.arrayBuffer());
        worstHealth = Math.max(worstHealth, performance.now() - asked);
      }
    })();
    const statuses: Record<number, number> = {};
    await Promise.all(
      Array.from({ length: uploads }, async () => {
        const form = new FormData();
        form.set("file", new Blob([photo], { type: "image/jpeg" }), "foto.jpg");
        const answer = await fetch(`${server.baseURL}/api/inventario/${item.body.id}/foto`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        await answer.arrayBuffer();
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      }),
    );
    done = true;
    await watch;
    peak = Math.max(peak, memoryMb(pid, "VmRSS"));
    // The kept photos count toward the item's ten: clear them so that every round is the same flood.
    for (const kept of (await server.call("GET", `/api/inventario/${item.body.id}/foto`, { token })).body)
      await server.call("DELETE", `/api/foto/${kept.id}`, { token });
    await settle();
    const answers = Object.entries(statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(", ");
    console.log(
      `| ${round} | ${answers} | ${worstHealth.toFixed(0)} ms | ${before.toFixed(0)} MB | ${peak.toFixed(0)} MB | ${memoryMb(pid, "VmRSS").toFixed(0)} MB |`,
    );
  }
  console.log(`highest resident memory since start (VmHWM): ${memoryMb(pid, "VmHWM").toFixed(0)} MB`);
} finally {
  await server.dispose();
}
