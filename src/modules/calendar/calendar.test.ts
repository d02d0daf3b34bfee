import { describe, expect, it } from "bun:test";
import { approveOk, day, loanScenario, requestOk, TODAY, unitIdOf } from "../../testing/loan-fixtures";

interface CalendarEvent {
  DTSTART?: string;
  DTEND?: string;
  SUMMARY?: string;
  UID?: string;
}

/** Reads a VCALENDAR text back: unfolds its lines and collects each VEVENT's properties (no parameters). */
function parseCalendar(text: string): { name: string | undefined; events: CalendarEvent[] } {
  const lines = text.replace(/\r\n[ \t]/g, "").split("\r\n");
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  const events: CalendarEvent[] = [];
  let current: Record<string, string> | null = null;
  let name: string | undefined;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = null;
    } else {
      const colon = line.indexOf(":");
      const key = line.slice(0, colon).split(";")[0] as string;
      const value = line.slice(colon + 1).replace(/\\([,;\\])/g, "$1");
      if (current) current[key] = value;
      else if (key === "NAME" || key === "X-WR-CALNAME") name = value;
    }
  }
  return { name, events };
}

const compact = (isoDate: string) => isoDate.replace(/-/g, "");

async function scenarioWithBookings() {
  const scenario = await loanScenario();
  const { client, admin, student, classmate, camera } = scenario;
  await client.put("/api/impostazioni", { url_pubblico: "https://prestiti.accademia.it" }, admin);
  const loanRequest = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: TODAY, al: day(4) });
  const { loanId } = await approveOk(client, admin, loanRequest.id);
  const pending = await requestOk(client, student.token, { unit_id: unitIdOf(camera, 1), dal: day(7), al: day(8) });
  const classmateRequest = await requestOk(client, classmate.token, {
    unit_id: unitIdOf(camera, 2),
    dal: TODAY,
    al: day(1),
  });
  const classmateLoan = await approveOk(client, admin, classmateRequest.id);
  return { ...scenario, loanId, pendingId: pending.id, classmateLoanId: classmateLoan.loanId as number };
}

async function fetchFeed(client: Awaited<ReturnType<typeof loanScenario>>["client"], url: string) {
  const path = new URL(url).pathname;
  const response = await client.app.handle(new Request(`http://localhost${path}`));
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("a student's calendar feed", () => {
  it("answers a private address on the public URL, the same until revoked", async () => {
    const { client, student } = await scenarioWithBookings();
    const first = await client.get("/api/calendario", student.token);
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/prestiti\.accademia\.it\/api\/calendario\/\d+-[\w-]{32}\.ics$/);
    expect((await client.get("/api/calendario", student.token)).body.url).toBe(first.body.url);
    expect((await client.get("/api/calendario")).status).toBe(401);
  });

  it("serves the student's loans with their due dates and pending requests, and nobody else's", async () => {
    const { client, student, loanId, pendingId, classmateLoanId } = await scenarioWithBookings();
    const { url } = (await client.get("/api/calendario", student.token)).body;
    const feed = await fetchFeed(client, url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("text/calendar; charset=utf-8");
    const { name, events } = parseCalendar(feed.text);
    expect(name).toBe("PrestaLab · i miei prestiti");
    expect(events.map(({ UID, DTSTART, DTEND, SUMMARY }) => ({ UID, DTSTART, DTEND, SUMMARY }))).toEqual([
      {
        UID: `prestito-${loanId}@prestalab`,
        DTSTART: compact(TODAY),
        DTEND: compact(day(5)),
        SUMMARY: "In prestito: Fotocamera Canon",
      },
      {
        UID: `rientro-${loanId}@prestalab`,
        DTSTART: compact(day(4)),
        DTEND: compact(day(5)),
        SUMMARY: "Da restituire: Fotocamera Canon",
      },
      {
        UID: `richiesta-${pendingId}@prestalab`,
        DTSTART: compact(day(7)),
        DTEND: compact(day(9)),
        SUMMARY: "Richiesta in attesa: Fotocamera Canon",
      },
    ]);
    expect(feed.text).not.toContain(`prestito-${classmateLoanId}@`);
  });

  it("stops answering a revoked address, and a new one works", async () => {
    const { client, student, classmate } = await scenarioWithBookings();
    const old = (await client.get("/api/calendario", student.token)).body.url;
    const forged = old.replace(`/${student.user.id}-`, `/${classmate.user.id}-`);
    expect((await fetchFeed(client, forged)).status).toBe(404);
    const revoked = await client.delete("/api/calendario", student.token);
    expect(revoked.status).toBe(200);
    expect((await fetchFeed(client, old)).status).toBe(404);
    const fresh = (await client.get("/api/calendario", student.token)).body.url;
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(client, fresh)).status).toBe(200);
    expect((await fetchFeed(client, "https://x/api/calendario/inventato.ics")).status).toBe(404);
  });
});

describe("the desk's feed of due dates", () => {
  it("lists every open loan's due date with its borrower", async () => {
    const { client, admin, loanId, classmateLoanId } = await scenarioWithBookings();
    const { url } = (await client.get("/api/calendario", admin)).body;
    const { name, events } = parseCalendar((await fetchFeed(client, url)).text);
    expect(name).toBe("PrestaLab · scadenze dei prestiti");
    expect(events.map(({ DTSTART, SUMMARY, UID }) => ({ DTSTART, SUMMARY, UID }))).toEqual([
      {
        DTSTART: compact(day(1)),
        SUMMARY: "Rientro: Fotocamera Canon (Luca Verdi)",
        UID: `rientro-${classmateLoanId}@prestalab`,
      },
      {
        DTSTART: compact(day(4)),
        SUMMARY: "Rientro: Fotocamera Canon (Giulia Rossi)",
        UID: `rientro-${loanId}@prestalab`,
      },
    ]);
  });
});

describe("a loan's .ics download", () => {
  it("is the borrower's and the desk's, nobody else's", async () => {
    const { client, admin, student, classmate, loanId } = await scenarioWithBookings();
    const own = await client.call("GET", `/api/prestiti/${loanId}/ics`, { token: student.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(own.headers.get("content-disposition")).toBe(`inline; filename="prestito-${loanId}.ics"`);
    const events = parseCalendar(own.body.text).events;
    expect(events.map((event) => event.SUMMARY)).toEqual([
      "In prestito: Fotocamera Canon",
      "Da restituire: Fotocamera Canon",
    ]);
    const desk = await client.call("GET", `/api/prestiti/${loanId}/ics`, { token: admin });
    expect(parseCalendar(desk.body.text).events[1]?.SUMMARY).toBe("Da restituire: Fotocamera Canon (Giulia Rossi)");
    expect((await client.call("GET", `/api/prestiti/${loanId}/ics`, { token: classmate.token })).status).toBe(404);
    expect((await client.call("GET", `/api/prestiti/${loanId}/ics`)).status).toBe(401);
    expect((await client.call("GET", "/api/prestiti/abc/ics", { token: student.token })).status).toBe(400);
  });
});
