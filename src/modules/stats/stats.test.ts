import { beforeAll, describe, expect, it } from "bun:test";
import { addDays, startOfDayIn, startOfIsoWeek } from "../../domain/dates";
import { RankedCounts } from "../../read-model";
import {
  createTestClient,
  createTestContext,
  type Json,
  registerStudent,
  signInAdmin,
  type TestClient,
} from "../../testing/harness";
import { createItem, editPayload } from "../../testing/inventory-fixtures";
import { approveOk, requestOk, TODAY, unitIdOf } from "../../testing/loan-fixtures";

const NOW = new Date("2026-03-10T09:00:00Z");

/** 10:00 in Rome, `offset` days from today. */
const romeMorning = (offset: number) => `${addDays(TODAY, offset)}T09:00:00Z`;

/**
 * A term of requests with known answers. Today is 2026-03-10 in Rome; the 30-day period starts on
 * 2026-02-09, the 90-day one on 2025-12-11, the 365-day one on 2025-03-11.
 *
 * Within the last 30 days (11 requests):
 *   Anna Bianchi (Fotografia)   3 — Canon ×2, Plotter
 *   Carla Esposito (Design)     3 — Plotter, Tavoletta, Proiettore (at 23:30 Rome on 5 March)
 *   Bruno Conti (Fotografia)    2 — Canon, Obiettivo
 *   Dario Ferri (Pittura)       1 — Cavalletto (at 00:30 Rome on 9 February, the first day)
 *   Elena Galli (Design)        1 — Tavoletta
 *   Fabio Greco (Fotografia)    1 — Obiettivo
 * 40 days ago:  Fabio Greco — Canon.
 * 200 days ago: Gina Lombardi (Pittura) — Cavalletto, Proiettore.
 * Just before the 30-day period (23:30 Rome on 8 February): Elena Galli — Plotter.
 */
async function seededTerm() {
  const client = createTestClient();
  const ctx = client.ctx;
  const admin = await signInAdmin(client);
  const student = (name: string, surname: string, corso_accademico: string) =>
    registerStudent(client, { name, surname, corso_accademico });
  const anna = await student("Anna", "Bianchi", "Fotografia");
  const bruno = await student("Bruno", "Conti", "Fotografia");
  const carla = await student("Carla", "Esposito", "Design");
  const dario = await student("Dario", "Ferri", "Pittura");
  const elena = await student("Elena", "Galli", "Design");
  const fabio = await student("Fabio", "Greco", "Fotografia");
  const gina = await student("Gina", "Lombardi", "Pittura");

  const item = (nome: string, quantita_totale: number, corsi_assegnati: string[]) =>
    createItem(client, admin.token, { nome, quantita_totale, corsi_assegnati, tipo_prestito: "solo_esterno" });
  const canon = await item("Fotocamera Canon", 3, ["Fotografia"]);
  const lens = await item("Obiettivo 50mm", 2, ["Fotografia"]);
  const plotter = await item("Plotter A1", 2, ["Design", "Fotografia"]);
  const easel = await item("Cavalletto", 1, ["Pittura"]);
  const tablet = await item("Tavoletta grafica", 1, ["Design"]);
  const projector = await item("Proiettore", 1, ["Pittura", "Design"]);

  /** A one-day request made at `instant`, for the day it is made on. */
  async function requestAt(token: string, unitId: number, instant: string) {
    ctx.clock.travelTo(new Date(instant));
    const today = ctx.clock.today();
    return requestOk(client, token, { unit_id: unitId, dal: today, al: today });
  }

  await requestAt(anna.token, unitIdOf(canon, 0), romeMorning(-1));
  await requestAt(anna.token, unitIdOf(canon, 0), romeMorning(-2));
  await requestAt(anna.token, unitIdOf(plotter, 0), romeMorning(-20));
  await requestAt(bruno.token, unitIdOf(canon, 1), romeMorning(-1));
  await requestAt(bruno.token, unitIdOf(lens, 0), romeMorning(-3));
  await requestAt(fabio.token, unitIdOf(lens, 1), romeMorning(-3));
  await requestAt(carla.token, unitIdOf(plotter, 1), romeMorning(-20));
  const carlaToday = await requestAt(carla.token, unitIdOf(tablet), romeMorning(0));
  await requestAt(carla.token, unitIdOf(projector), "2026-03-05T22:30:00Z");
  await requestAt(elena.token, unitIdOf(tablet), romeMorning(-10));
  await requestAt(dario.token, unitIdOf(easel), "2026-02-08T23:30:00Z");
  await requestAt(fabio.token, unitIdOf(canon, 2), romeMorning(-40));
  await requestAt(gina.token, unitIdOf(easel), romeMorning(-200));
  await requestAt(gina.token, unitIdOf(projector), romeMorning(-200));
  await requestAt(elena.token, unitIdOf(plotter, 0), "2026-02-08T22:30:00Z");

  ctx.clock.travelTo(NOW);
  await approveOk(client, admin.token, carlaToday.id);
  return { client, ctx, admin: admin.token, student: anna.token, gina: gina.token, elena: elena.user };
}

type Term = Awaited<ReturnType<typeof seededTerm>>;

async function stat(client: TestClient, token: string, path: string): Promise<Json[]> {
  const answer = await client.get(path, token);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Json[];
}

let term: Term;
beforeAll(async () => {
  term = await seededTerm();
});

describe("the basic tiles", () => {
  it("count items, registered students, requests and active loans, and the plain counts, as numbers", async () => {
    const answer = await term.client.get("/api/stats", term.admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      totale_articoli: 6,
      utenti_registrati: 7,
      richieste_totali: 15,
      prestiti_attivi: 1,
      inventario: 6,
      prestiti: 1,
      richieste: 15,
      riparazioni: 0,
      segnalazioni: 0,
      users: 8,
      richieste_in_attesa: 14,
      riparazioni_in_corso: 0,
      segnalazioni_aperte: 0,
    });
    for (const value of Object.values(answer.body)) expect(typeof value).toBe("number");
  });

  it("leave deleted items out of the item count", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    const keep = await createItem(client, admin.token, { nome: "Fotocamera Canon" });
    const gone = await createItem(client, admin.token, { nome: "Vecchio flash" });
    expect((await client.delete(`/api/inventario/${gone.id}`, admin.token)).status).toBe(200);
    const answer = await client.get("/api/stats", admin.token);
    expect(answer.body).toMatchObject({
      totale_articoli: 1,
      utenti_registrati: 0,
      richieste_totali: 0,
      prestiti_attivi: 0,
    });
    expect(answer.body.inventario).toBe(1);
    expect(keep.id).toBeNumber();
  });
});

describe("the top five lists", () => {
  it("rank students by requests in the last 30 days, ties in alphabetical order", async () => {
    const top = await stat(term.client, term.admin, "/api/stats/top-users?period=30");
    expect(top.map((user) => [user.name, user.surname, user.corso_accademico, user.count])).toEqual([
      ["Anna", "Bianchi", "Fotografia", 3],
      ["Carla", "Esposito", "Design", 3],
      ["Bruno", "Conti", "Fotografia", 2],
      ["Dario", "Ferri", "Pittura", 1],
      ["Elena", "Galli", "Design", 1],
    ]);
    for (const user of top) {
      expect(typeof user.count).toBe("number");
      expect(typeof user.id).toBe("number");
    }
  });

  it("use 30 days when no period is given", async () => {
    expect(await stat(term.client, term.admin, "/api/stats/top-users")).toEqual(
      await stat(term.client, term.admin, "/api/stats/top-users?period=30"),
    );
    expect(await stat(term.client, term.admin, "/api/stats/monthly-requests")).toHaveLength(30);
  });

  it("count a request of 40 days ago for 90 and 365 days but not for 30", async () => {
    const names = (list: Json[]) => list.map((user) => `${user.name} ${user.count}`);
    expect(names(await stat(term.client, term.admin, "/api/stats/top-users?period=30"))).not.toContain("Fabio 2");
    // Elena's request just before the 30 days also counts now: Galli comes before Greco.
    expect(names(await stat(term.client, term.admin, "/api/stats/top-users?period=90"))).toEqual([
      "Anna 3",
      "Carla 3",
      "Bruno 2",
      "Elena 2",
      "Fabio 2",
    ]);
    expect(names(await stat(term.client, term.admin, "/api/stats/top-users?period=365"))).toEqual([
      "Anna 3",
      "Carla 3",
      "Bruno 2",
      "Elena 2",
      "Fabio 2",
    ]);
  });

  it("rank items by requests, ties by name, with their course and category", async () => {
    const top = await stat(term.client, term.admin, "/api/stats/top-items?period=30");
    expect(top.map((item) => [item.nome, item.categoria_madre, item.count])).toEqual([
      ["Fotocamera Canon", "Fotografia", 3],
      ["Obiettivo 50mm", "Fotografia", 2],
      ["Plotter A1", "Design", 2],
      ["Tavoletta grafica", "Design", 2],
      ["Cavalletto", "Pittura", 1],
    ]);
    const year = await stat(term.client, term.admin, "/api/stats/top-items?period=365");
    expect(year.map((item) => [item.nome, item.count])).toEqual([
      ["Fotocamera Canon", 4],
      ["Plotter A1", 3],
      ["Cavalletto", 2],
      ["Obiettivo 50mm", 2],
      ["Proiettore", 2],
    ]);
  });

  it("rank courses by their students' requests, with how many students asked", async () => {
    const top = await stat(term.client, term.admin, "/api/stats/top-departments?period=30");
    expect(top).toEqual([
      { corso_accademico: "Fotografia", studenti: 3, count: 6 },
      { corso_accademico: "Design", studenti: 2, count: 4 },
      { corso_accademico: "Pittura", studenti: 1, count: 1 },
    ]);
    const year = await stat(term.client, term.admin, "/api/stats/top-departments?period=365");
    expect(year).toEqual([
      { corso_accademico: "Fotografia", studenti: 3, count: 7 },
      { corso_accademico: "Design", studenti: 2, count: 5 },
      { corso_accademico: "Pittura", studenti: 2, count: 3 },
    ]);
  });

  it("group requests by the item's first course", async () => {
    expect(await stat(term.client, term.admin, "/api/stats/categories?period=30")).toEqual([
      { categoria: "Fotografia", count: 5 },
      { categoria: "Design", count: 4 },
      { categoria: "Pittura", count: 2 },
    ]);
    expect(await stat(term.client, term.admin, "/api/stats/categories?period=365")).toEqual([
      { categoria: "Fotografia", count: 6 },
      { categoria: "Design", count: 5 },
      { categoria: "Pittura", count: 4 },
    ]);
  });

  it("are empty lists when nothing was requested", async () => {
    const client = createTestClient();
    const admin = await signInAdmin(client);
    for (const list of ["top-users", "top-items", "top-departments", "categories"])
      expect(await stat(client, admin.token, `/api/stats/${list}?period=90`)).toEqual([]);
  });
});

describe("the request trend", () => {
  it("has one bucket per day for 30 days, oldest first, ending today, zeros included", async () => {
    const trend = await stat(term.client, term.admin, "/api/stats/monthly-requests?period=30");
    expect(trend).toHaveLength(30);
    expect(trend[0]?.label).toBe("09/02");
    expect(trend.at(-1)?.label).toBe("10/03");
    trend.forEach((bucket, index) => {
      const date = addDays("2026-02-09", index);
      expect(bucket.label).toBe(`${date.slice(8, 10)}/${date.slice(5, 7)}`);
      expect(typeof bucket.count).toBe("number");
    });
    const counts = Object.fromEntries(trend.filter((bucket) => bucket.count > 0).map((b) => [b.label, b.count]));
    expect(counts).toEqual({
      "09/02": 1,
      "18/02": 2,
      "28/02": 1,
      "05/03": 1,
      "07/03": 2,
      "08/03": 1,
      "09/03": 2,
      "10/03": 1,
    });
    expect(trend.filter((bucket) => bucket.count === 0)).toHaveLength(22);
  });

  it("counts a request made at 23:30 in Rome on that Rome day, not the next UTC one", async () => {
    const trend = await stat(term.client, term.admin, "/api/stats/monthly-requests?period=30");
    const byLabel = new Map(trend.map((bucket) => [bucket.label, bucket.count]));
    expect(byLabel.get("05/03")).toBe(1);
    expect(byLabel.get("06/03")).toBe(0);
    // 00:30 in Rome on 9 February is inside the period; 23:30 on 8 February is not.
    expect(byLabel.get("09/02")).toBe(1);
  });

  it("has ISO-week buckets labelled by their Monday for 90 days", async () => {
    const trend = await stat(term.client, term.admin, "/api/stats/monthly-requests?period=90");
    const mondays = trend.map((bucket) => bucket.inizio as string);
    expect(mondays[0]).toBe(startOfIsoWeek(addDays(TODAY, -89)));
    expect(mondays.at(-1)).toBe(startOfIsoWeek(TODAY));
    expect(trend).toHaveLength(14);
    mondays.forEach((monday, index) => {
      expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
      if (index > 0) expect(monday).toBe(addDays(mondays[index - 1] as string, 7));
    });
    expect(trend.map((bucket) => bucket.label).slice(0, 2)).toEqual(["08/12", "15/12"]);
    expect(trend.at(-1)?.label).toBe("09/03");
    const counts = Object.fromEntries(trend.filter((bucket) => bucket.count > 0).map((b) => [b.label, b.count]));
    // 29 Jan (40 days ago) is in the week of Monday 26 Jan; 8 Feb 23:30 is a Sunday, week of 2 Feb.
    expect(counts).toEqual({ "26/01": 1, "02/02": 1, "09/02": 1, "16/02": 2, "23/02": 1, "02/03": 4, "09/03": 3 });
  });

  it("has month buckets for 365 days, ending with the current month", async () => {
    const trend = await stat(term.client, term.admin, "/api/stats/monthly-requests?period=365");
    expect(trend.map((bucket) => bucket.label)).toEqual([
      "03/2025",
      "04/2025",
      "05/2025",
      "06/2025",
      "07/2025",
      "08/2025",
      "09/2025",
      "10/2025",
      "11/2025",
      "12/2025",
      "01/2026",
      "02/2026",
      "03/2026",
    ]);
    const counts = Object.fromEntries(trend.filter((bucket) => bucket.count > 0).map((b) => [b.label, b.count]));
    expect(counts).toEqual({ "08/2025": 2, "01/2026": 1, "02/2026": 5, "03/2026": 7 });
  });

  it("has twelve month buckets when the year starts on the first of a month", async () => {
    const client = createTestClient(createTestContext(new Date("2026-02-28T09:00:00Z")));
    const admin = await signInAdmin(client);
    const trend = await stat(client, admin.token, "/api/stats/monthly-requests?period=365");
    expect(trend.map((bucket) => bucket.label)).toHaveLength(12);
    expect(trend[0]?.label).toBe("03/2025");
    expect(trend.at(-1)?.label).toBe("02/2026");
    expect(trend.every((bucket) => bucket.count === 0)).toBe(true);
  });

  it("carries each label under the field the spec names for the granularity", async () => {
    const fields = { 30: "day", 90: "week", 365: "month" } as const;
    for (const [period, field] of Object.entries(fields)) {
      const trend = await stat(term.client, term.admin, `/api/stats/monthly-requests?period=${period}`);
      for (const bucket of trend) {
        expect(bucket[field]).toBe(bucket.label);
        expect(Object.keys(bucket).sort()).toEqual(["count", "inizio", "label", field].sort());
      }
    }
  });

  it("sums to the requests of the period", async () => {
    const total = async (period: number) =>
      (await stat(term.client, term.admin, `/api/stats/monthly-requests?period=${period}`)).reduce(
        (sum, bucket) => sum + bucket.count,
        0,
      );
    expect(await total(30)).toBe(11);
    expect(await total(90)).toBe(13);
    expect(await total(365)).toBe(15);
  });
});

describe("asking for statistics", () => {
  const routes = ["top-users", "top-items", "top-departments", "categories", "monthly-requests"];

  it("refuses a period other than 30, 90 or 365 days", async () => {
    for (const route of routes) {
      for (const period of ["7", "abc", "31", "-30", "30.5"]) {
        const answer = await term.client.get(`/api/stats/${route}?period=${period}`, term.admin);
        expect({ route, period, status: answer.status }).toEqual({ route, period, status: 400 });
        expect(answer.body.error).toBe("Periodo non valido: usa 30, 90 o 365 giorni");
      }
    }
  });

  it("is for the desk only: students get 403, anonymous callers 401", async () => {
    for (const route of ["", ...routes.map((name) => `/${name}?period=30`)]) {
      expect((await term.client.get(`/api/stats${route}`, term.student)).status).toBe(403);
      expect((await term.client.get(`/api/stats${route}`)).status).toBe(401);
    }
  });
});

describe("the counts kept between calls", () => {
  it("add the requests made since, drop those the period's start has passed, and start again when the clock goes back", async () => {
    const fresh = await seededTerm();
    const top = async () =>
      (await stat(fresh.client, fresh.admin, "/api/stats/top-items?period=30")).map(
        (item) => `${item.nome} ${item.count}`,
      );
    const before = await top();
    expect(before).toEqual([
      "Fotocamera Canon 3",
      "Obiettivo 50mm 2",
      "Plotter A1 2",
      "Tavoletta grafica 2",
      "Cavalletto 1",
    ]);
    // Fifteen days later the Plotter's two requests and the first day's Cavalletto fall out of the 30 days.
    fresh.ctx.clock.travelTo(new Date("2026-03-25T09:00:00Z"));
    expect(await top()).toEqual(["Fotocamera Canon 3", "Obiettivo 50mm 2", "Tavoletta grafica 2", "Proiettore 1"]);
    const items = (await fresh.client.get("/api/inventario", fresh.admin)).body as Json[];
    const lens = items.find((item) => item.nome === "Obiettivo 50mm") as Json;
    await requestOk(fresh.client, fresh.student, { unit_id: unitIdOf(lens), dal: "2026-03-26", al: "2026-03-26" });
    expect(await top()).toEqual(["Fotocamera Canon 3", "Obiettivo 50mm 3", "Tavoletta grafica 2", "Proiettore 1"]);
    // Counted again from the index: the period's requests, the one just made included.
    fresh.ctx.clock.travelTo(NOW);
    expect(await top()).toEqual([
      "Fotocamera Canon 3",
      "Obiettivo 50mm 3",
      "Plotter A1 2",
      "Tavoletta grafica 2",
      "Cavalletto 1",
    ]);
  });
});

describe("the course totals kept with the counts", () => {
  it("move with each new request and are summed again when a borrower's course or an item's first course changes", async () => {
    const fresh = await seededTerm();
    const courses = async () =>
      (await stat(fresh.client, fresh.admin, "/api/stats/top-departments?period=30")).map(
        (row) => `${row.corso_accademico} ${row.studenti} ${row.count}`,
      );
    const categories = async () =>
      (await stat(fresh.client, fresh.admin, "/api/stats/categories?period=30")).map(
        (row) => `${row.categoria} ${row.count}`,
      );
    expect(await courses()).toEqual(["Fotografia 3 6", "Design 2 4", "Pittura 1 1"]);
    expect(await categories()).toEqual(["Fotografia 5", "Design 4", "Pittura 2"]);
    // Gina (Pittura) had asked nothing in the 30 days: one more student and one more request for Pittura.
    const items = (await fresh.client.get("/api/inventario", fresh.admin)).body as Json[];
    const projector = items.find((item) => item.nome === "Proiettore") as Json;
    await requestOk(fresh.client, fresh.gina, { unit_id: unitIdOf(projector), dal: "2026-03-20", al: "2026-03-20" });
    expect(await courses()).toEqual(["Fotografia 3 6", "Design 2 4", "Pittura 2 2"]);
    expect(await categories()).toEqual(["Fotografia 5", "Design 4", "Pittura 3"]);
    // Elena's request counts under her course of now.
    const { id, name, surname, email, matricola } = fresh.elena;
    const moved = await fresh.client.put(
      `/api/auth/users/${id}`,
      { name, surname, email, matricola, corso_accademico: "Pittura" },
      fresh.admin,
    );
    expect(moved.status).toBe(200);
    expect(await courses()).toEqual(["Fotografia 3 6", "Design 1 3", "Pittura 3 3"]);
    // The projector's first course becomes Design.
    const edited = await fresh.client.put(
      `/api/inventario/${projector.id}`,
      editPayload(projector, { corsi_assegnati: ["Design"] }),
      fresh.admin,
    );
    expect(edited.status).toBe(200);
    expect(await categories()).toEqual(["Design 6", "Fotografia 5", "Pittura 1"]);
  });
});

describe("the trend's days kept with the counts", () => {
  it("follow new requests and the moving period, across the change to summer time, as counting each bucket would", async () => {
    const fresh = await seededTerm();
    // The oracle: each bucket counted from the index, between the first instants of its first day and of the next bucket.
    const counted = (trend: Json[], firstDay: string, today: string) =>
      trend.map((bucket, index) => {
        const from = startOfDayIn("Europe/Rome", bucket.inizio < firstDay ? firstDay : bucket.inizio);
        const next = trend[index + 1]?.inizio ?? addDays(today, 1);
        const to = startOfDayIn("Europe/Rome", next);
        const row = fresh.ctx.sqlite
          .query("SELECT count(*) AS n FROM richieste WHERE created_at >= ? AND created_at < ?")
          .get(from, to) as { n: number };
        return row.n;
      });
    const trendOf = async (period: number) => {
      const trend = await stat(fresh.client, fresh.admin, `/api/stats/monthly-requests?period=${period}`);
      const today = fresh.ctx.clock.today();
      expect(trend.map((bucket) => bucket.count)).toEqual(counted(trend, addDays(today, -(period - 1)), today));
      return trend;
    };
    for (const period of [30, 90, 365]) await trendOf(period);
    const items = (await fresh.client.get("/api/inventario", fresh.admin)).body as Json[];
    const projector = items.find((item) => item.nome === "Proiettore") as Json;
    // Summer time starts on 29 March 2026: the days after it start an hour earlier in UTC.
    fresh.ctx.clock.travelTo(new Date("2026-03-30T22:30:00Z"));
    await requestOk(fresh.client, fresh.gina, { unit_id: unitIdOf(projector), dal: "2026-04-02", al: "2026-04-02" });
    fresh.ctx.clock.travelTo(new Date("2026-04-06T08:00:00Z"));
    const month = await trendOf(30);
    // 00:30 on 31 March in Rome, still 30 March in UTC.
    expect(month.find((bucket) => bucket.label === "31/03")?.count).toBe(1);
    for (const period of [90, 365]) await trendOf(period);
  });
});

describe("the leading keys of the counts", () => {
  const entries: Array<[number, number]> = [
    [1, 2],
    [2, 5],
    [3, 3],
    [4, 5],
    [5, 3],
    [6, 1],
  ];
  const rankedFrom = (pairs: Array<[number, number]>) => {
    const ranked = new RankedCounts();
    for (const [key, count] of pairs) ranked.add(key, count);
    return ranked;
  };
  const counts = rankedFrom(entries);

  it("are those reaching the wanted-th highest count, ties kept whole, highest first", () => {
    expect(counts.leading(1)).toEqual([
      [2, 5],
      [4, 5],
    ]);
    expect(counts.leading(3)).toEqual([
      [2, 5],
      [4, 5],
      [3, 3],
      [5, 3],
    ]);
    expect(counts.leading(10)).toHaveLength(6);
  });

  it("grow into longer lists that start with the shorter ones", () => {
    const whole = counts.leading(counts.size);
    for (let wanted = 1; wanted <= counts.size; wanted++) {
      const leading = counts.leading(wanted);
      expect(leading.length).toBeGreaterThanOrEqual(wanted);
      expect(whole.slice(0, leading.length)).toEqual(leading);
    }
  });

  it("follow counts moved up and down, to zero and back, as counting them again would", () => {
    const moving = rankedFrom(entries);
    const moves: Array<[number, number]> = [
      [6, 4],
      [2, -5],
      [7, 1],
      [3, 2],
      [6, -1],
      [2, 2],
      [1, -2],
    ];
    const expected = new Map(entries);
    const everyKeyByCount = () => [...expected].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [key, delta] of moves) {
      moving.add(key, delta);
      const total = (expected.get(key) ?? 0) + delta;
      if (total === 0) expected.delete(key);
      else expected.set(key, total);
      expect(moving.leading(expected.size)).toEqual(everyKeyByCount());
      expect(moving.size).toBe(expected.size);
    }
    expect(moving.leading(2)).toEqual([
      [3, 5],
      [4, 5],
    ]);
    expect(moving.get(1)).toBe(0);
  });
});

describe("the totals kept between calls", () => {
  it("count the requests and loans made after the first call", async () => {
    const fresh = await seededTerm();
    const totals = async () => {
      const { richieste, richieste_totali, prestiti } = (await fresh.client.get("/api/stats", fresh.admin)).body;
      return { richieste, richieste_totali, prestiti };
    };
    expect(await totals()).toEqual({ richieste: 15, richieste_totali: 15, prestiti: 1 });
    const items = (await fresh.client.get("/api/inventario", fresh.admin)).body as Json[];
    const lens = items.find((item) => item.nome === "Obiettivo 50mm") as Json;
    const request = await requestOk(fresh.client, fresh.student, {
      unit_id: unitIdOf(lens),
      dal: "2026-03-12",
      al: "2026-03-12",
    });
    expect(await totals()).toEqual({ richieste: 16, richieste_totali: 16, prestiti: 1 });
    await approveOk(fresh.client, fresh.admin, request.id);
    expect(await totals()).toEqual({ richieste: 16, richieste_totali: 16, prestiti: 2 });
  });
});
