import { describe, expect, it } from "bun:test";
import { unitsOfItemsNotNamed } from "../../db/search";
import type { Json } from "../../testing/harness";
import { insertLoan, insertRequest } from "../../testing/inventory-fixtures";
import { approveOk, day, type LoanScenario, loanScenario, requestOk, unitIdOf } from "../../testing/loan-fixtures";

/**
 * The desk's history of loans: 7 returned (one per day, the newest returned yesterday), 2 open and due
 * in the future, 1 overdue; Giulia borrowed the camera, Luca the tablet.
 */
async function historyScenario() {
  const scenario = await loanScenario();
  const { ctx, camera, tablet, student, classmate } = scenario;
  for (let index = 0; index < 7; index++) {
    insertLoan(ctx, {
      itemId: camera.id as number,
      unitIds: [unitIdOf(camera, 0)],
      userId: student.user.id as number,
      stato: "restituito",
      from: day(-30 + index * 3),
      to: day(-29 + index * 3),
      returnedOn: day(-7 + index),
    });
  }
  insertLoan(ctx, {
    itemId: camera.id as number,
    unitIds: [unitIdOf(camera, 1)],
    userId: student.user.id as number,
    from: day(0),
    to: day(5),
  });
  insertLoan(ctx, {
    itemId: tablet.id as number,
    unitIds: [unitIdOf(tablet)],
    userId: classmate.user.id as number,
    from: day(-1),
    to: day(2),
  });
  insertLoan(ctx, {
    itemId: camera.id as number,
    unitIds: [unitIdOf(camera, 2)],
    userId: classmate.user.id as number,
    from: day(-6),
    to: day(-2),
  });
  return scenario;
}

async function page(scenario: LoanScenario, path: string) {
  const answer = await scenario.client.get(path, scenario.admin);
  expect(answer.status).toBe(200);
  return answer.body as { elementi: Json[]; totale: number; pagina: number; per_pagina: number };
}

describe("the paged form of the loan list", () => {
  it("answers one page with the total, returned loans newest first", async () => {
    const scenario = await historyScenario();
    const first = await page(scenario, "/api/prestiti?all=1&stato=restituito&pagina=1&per_pagina=3");
    expect(first).toMatchObject({ totale: 7, pagina: 1, per_pagina: 3 });
    expect(first.elementi.map((loan) => loan.data_restituzione)).toEqual([day(-1), day(-2), day(-3)]);
    const last = await page(scenario, "/api/prestiti?all=1&stato=restituito&pagina=3&per_pagina=3");
    expect(last.elementi.map((loan) => loan.data_restituzione)).toEqual([day(-7)]);
    const beyond = await page(scenario, "/api/prestiti?all=1&stato=restituito&pagina=9&per_pagina=3");
    expect(beyond).toMatchObject({ elementi: [], totale: 7 });
  });

  it("keeps open loans by due date and tells overdue from active as the screens do", async () => {
    const scenario = await historyScenario();
    const open = await page(scenario, "/api/prestiti?all=1&stato=in_corso&pagina=1");
    expect(open.totale).toBe(3);
    expect(open.per_pagina).toBe(50);
    expect(open.elementi.map((loan) => [loan.data_rientro, loan.stato])).toEqual([
      [day(-2), "scaduto"],
      [day(2), "attivo"],
      [day(5), "attivo"],
    ]);
    expect((await page(scenario, "/api/prestiti?all=1&stato=scaduto&pagina=1")).totale).toBe(1);
    expect((await page(scenario, "/api/prestiti?all=1&stato=attivo&pagina=1")).totale).toBe(2);
  });

  it("finds loans by item, unit code, borrower name or email", async () => {
    const scenario = await historyScenario();
    const total = async (term: string) =>
      (await page(scenario, `/api/prestiti?all=1&pagina=1&cerca=${encodeURIComponent(term)}`)).totale;
    expect(await total("tavoletta")).toBe(1);
    expect(await total("luca verdi")).toBe(2);
    expect(await total(scenario.student.user.email as string)).toBe(8);
    const code = (scenario.tablet.unita as Json[])[0]?.codice_univoco as string;
    expect(await total(code)).toBe(1);
    // Wildcards in the term are plain characters.
    expect(await total("%")).toBe(0);
    expect(await total(scenario.student.user.matricola as string)).toBe(8);
  });

  it("finds a borrower without an account by the loan's own name and email", async () => {
    const scenario = await historyScenario();
    insertLoan(scenario.ctx, {
      itemId: scenario.tablet.id as number,
      unitIds: [unitIdOf(scenario.tablet)],
      userId: null,
    });
    const total = async (term: string) =>
      (await page(scenario, `/api/prestiti?all=1&pagina=1&cerca=${encodeURIComponent(term)}`)).totale;
    // The fixture names every loan "Giulia Rossi": only the one without an account is found by that text.
    expect(await total("giulia.rossi@accademia")).toBe(1);
    expect(await total("tavoletta")).toBe(2);
  });

  it("counts each match once when it matches in several ways (item, unit code, borrower, the loan's own text)", async () => {
    const scenario = await historyScenario();
    const { ctx, camera, tablet, student } = scenario;
    // An account-less borrower whose name is also an item's, and requests of both items by both students.
    insertLoan(ctx, { itemId: camera.id as number, unitIds: [unitIdOf(camera)], userId: null });
    ctx.sqlite.run("UPDATE prestiti SET chi = 'Tavoletta Canon' WHERE utente_id IS NULL");
    for (const item of [camera, tablet])
      insertRequest(ctx, { itemId: item.id as number, unitId: unitIdOf(item), userId: student.user.id as number });
    const code = (camera.unita as Json[])[1]?.codice_univoco as string;
    const everyTotalMatchesItsList = async (who: string) => {
      for (const list of ["prestiti", "richieste"])
        for (const term of ["a", "ta", "canon", "giulia", "rossi", code, "tavoletta canon", "zzz"]) {
          const query = `/api/${list}?all=1&cerca=${encodeURIComponent(term)}`;
          const whole = (await scenario.client.get(query, who)).body as Json[];
          expect({ query, totale: (await scenario.client.get(`${query}&pagina=1`, who)).body.totale }).toEqual({
            query,
            totale: whole.length,
          });
        }
    };
    await everyTotalMatchesItsList(scenario.admin);
    await everyTotalMatchesItsList(student.token);
    // The counts kept per item follow a row moved to another item and rows deleted.
    ctx.sqlite.run(`UPDATE prestiti SET inventario_id = ${tablet.id} WHERE id = (SELECT min(id) FROM prestiti)`);
    ctx.sqlite.run("DELETE FROM richieste WHERE id = (SELECT min(id) FROM richieste)");
    ctx.sqlite.run("DELETE FROM prestiti WHERE id = (SELECT max(id) FROM prestiti)");
    await everyTotalMatchesItsList(scenario.admin);
  });

  it("answers every page of a long list in the same order as the whole list, deep pages included", async () => {
    const scenario = await historyScenario();
    const whole = (await scenario.client.get("/api/prestiti?all=1&stato=restituito", scenario.admin)).body as Json[];
    const pages: number[] = [];
    for (let number = 1; number <= 5; number++) {
      const answer = await page(scenario, `/api/prestiti?all=1&stato=restituito&pagina=${number}&per_pagina=2`);
      pages.push(...answer.elementi.map((loan: Json) => loan.id));
    }
    expect(whole).toHaveLength(7);
    expect(pages).toEqual(whole.map((loan) => loan.id));
  });

  it("narrows to the loans out during a period", async () => {
    const scenario = await historyScenario();
    const during = await page(scenario, `/api/prestiti?all=1&pagina=1&dal=${day(-3)}&al=${day(-1)}`);
    // Returned on day -3, -2 and -1; the overdue loan (out since day -6); the tablet, out since day -1.
    expect(during.totale).toBe(5);
  });

  it("still answers the plain call with the whole list, and filters without a page as an array", async () => {
    const scenario = await historyScenario();
    const plain = await scenario.client.get("/api/prestiti?all=1", scenario.admin);
    expect((plain.body as Json[]).length).toBe(10);
    const open = await scenario.client.get("/api/prestiti?all=1&stato=in_corso", scenario.admin);
    expect((open.body as Json[]).length).toBe(3);
  });

  it("gives a student only their own loans, whatever they ask", async () => {
    const scenario = await historyScenario();
    const answer = await scenario.client.get("/api/prestiti?all=1&pagina=1&per_pagina=200", scenario.classmate.token);
    expect(answer.body.totale).toBe(2);
    expect((answer.body.elementi as Json[]).every((loan) => loan.utente_id === scenario.classmate.user.id)).toBe(true);
  });

  it.each([
    ["stato=perso", "Stato non valido"],
    ["pagina=0", "Pagina non valida"],
    ["pagina=uno", "Pagina non valida"],
    ["per_pagina=500", "Elementi per pagina non validi (da 1 a 200)"],
    ["dal=10-03-2026", "Data non valida (formato AAAA-MM-GG)"],
    ["dal=2026-03-10&al=2026-03-01", "La data di inizio deve precedere quella di fine"],
    [`cerca=${"x".repeat(101)}`, "Testo di ricerca troppo lungo (massimo 100 caratteri)"],
  ])("refuses %s with a clear message", async (query, message) => {
    const scenario = await loanScenario();
    const answer = await scenario.client.get(`/api/prestiti?all=1&${query}`, scenario.admin);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: message });
  });
});

describe("the totals of the state lists", () => {
  it("come from the counts kept per state, which follow loans made, returned and deleted", async () => {
    const scenario = await historyScenario();
    const totals = async () => ({
      every: (await page(scenario, "/api/prestiti?all=1&pagina=1")).totale,
      open: (await page(scenario, "/api/prestiti?all=1&stato=in_corso&pagina=1")).totale,
      returned: (await page(scenario, "/api/prestiti?all=1&stato=restituito&pagina=1")).totale,
    });
    const counted = () => {
      const rows = (where: string) =>
        (scenario.ctx.sqlite.query(`SELECT count(*) AS n FROM prestiti ${where}`).get() as { n: number }).n;
      return {
        every: rows(""),
        open: rows("WHERE stato IN ('attivo', 'scaduto')"),
        returned: rows("WHERE stato = 'restituito'"),
      };
    };
    expect(await totals()).toEqual({ every: 10, open: 3, returned: 7 });
    const open = await page(scenario, "/api/prestiti?all=1&stato=in_corso&pagina=1");
    const returned = await scenario.client.put(
      `/api/prestiti/${open.elementi[0]?.id}/restituisci`,
      undefined,
      scenario.admin,
    );
    expect(returned.status).toBe(200);
    expect(await totals()).toEqual({ every: 10, open: 2, returned: 8 });
    insertLoan(scenario.ctx, {
      itemId: scenario.tablet.id as number,
      unitIds: [unitIdOf(scenario.tablet)],
      userId: scenario.student.user.id as number,
      from: day(3),
      to: day(4),
    });
    scenario.ctx.sqlite.run("DELETE FROM prestiti WHERE id = (SELECT min(id) FROM prestiti)");
    expect(await totals()).toEqual({ every: 10, open: 3, returned: 7 });
    expect(await totals()).toEqual(counted());
  });
});

describe("the totals of the request lists by state", () => {
  it("come from the counts kept per state, which follow requests made, approved, cancelled and deleted", async () => {
    const scenario = await loanScenario();
    const { ctx, client, camera, tablet, student, admin } = scenario;
    const totals = async () => ({
      every: (await page(scenario, "/api/richieste?all=1&pagina=1")).totale,
      pending: (await page(scenario, "/api/richieste?all=1&stato=in_attesa&pagina=1")).totale,
      approved: (await page(scenario, "/api/richieste?all=1&stato=approvata&pagina=1")).totale,
      tiles: (await client.get("/api/stats", admin)).body.richieste_in_attesa,
    });
    const counted = () => {
      const rows = (where: string) =>
        (ctx.sqlite.query(`SELECT count(*) AS n FROM richieste ${where}`).get() as { n: number }).n;
      return {
        every: rows(""),
        pending: rows("WHERE stato = 'in_attesa'"),
        approved: rows("WHERE stato = 'approvata'"),
        tiles: rows("WHERE stato = 'in_attesa'"),
      };
    };
    const first = await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(2), al: day(3) });
    const second = await requestOk(client, student.token, {
      unit_id: unitIdOf(tablet),
      dal: day(2),
      al: day(3),
      tipo_utilizzo: "esterno",
    });
    await requestOk(client, student.token, { unit_id: unitIdOf(camera), dal: day(5), al: day(6) });
    expect(await totals()).toEqual({ every: 3, pending: 3, approved: 0, tiles: 3 });
    await approveOk(client, admin, first.id);
    expect((await client.delete(`/api/richieste/${second.id}`, student.token)).status).toBe(200);
    expect(await totals()).toEqual(counted());
    ctx.sqlite.run("DELETE FROM richieste WHERE stato = 'in_attesa'");
    expect(await totals()).toEqual({ every: 2, pending: 0, approved: 1, tiles: 0 });
    expect(await totals()).toEqual(counted());
  });
});

describe("the paged form of the request list", () => {
  it("filters by state and search, newest first, with the total", async () => {
    const scenario = await loanScenario();
    const { ctx, camera, tablet, student, classmate } = scenario;
    for (let index = 0; index < 4; index++)
      insertRequest(ctx, {
        itemId: camera.id as number,
        unitId: unitIdOf(camera),
        userId: student.user.id as number,
        from: day(index * 2 + 1),
        to: day(index * 2 + 1),
      });
    insertRequest(ctx, {
      itemId: tablet.id as number,
      unitId: unitIdOf(tablet),
      userId: classmate.user.id as number,
      from: day(1),
      to: day(2),
      stato: "rifiutata",
    });
    const pending = await page(scenario, "/api/richieste?all=1&stato=in_attesa&pagina=1&per_pagina=2");
    expect(pending).toMatchObject({ totale: 4, pagina: 1, per_pagina: 2 });
    expect(pending.elementi.every((request) => request.stato === "in_attesa")).toBe(true);
    const ids = pending.elementi.map((request) => request.id as number);
    expect(ids[0]).toBeGreaterThan(ids[1] as number);
    expect((await page(scenario, "/api/richieste?all=1&pagina=1&cerca=verdi")).totale).toBe(1);
    expect((await page(scenario, `/api/richieste?all=1&pagina=1&dal=${day(4)}&al=${day(9)}`)).totale).toBe(2);
    const refused = await scenario.client.get("/api/richieste?all=1&stato=approvata", scenario.admin);
    expect(refused.body).toEqual([]);
  });
});

describe("the pending requests sorted as the desk's table asks", () => {
  it("sorts by item, student, dates or when asked, either way, and keeps the order across pages", async () => {
    const scenario = await loanScenario();
    const { ctx, camera, tablet, student, classmate } = scenario;
    // Camera requests by the student, tablet requests by the classmate, on dates that cross the two.
    for (let index = 0; index < 4; index++) {
      insertRequest(ctx, {
        itemId: camera.id as number,
        unitId: unitIdOf(camera),
        userId: student.user.id as number,
        from: day(10 - index * 2),
        to: day(11 - index * 2),
      });
      insertRequest(ctx, {
        itemId: tablet.id as number,
        unitId: unitIdOf(tablet),
        userId: classmate.user.id as number,
        from: day(3 + index * 2),
        to: day(4 + index * 2),
      });
    }
    const pendingPage = async (sort: string, number = 1, size = 50) =>
      (await page(scenario, `/api/richieste?all=1&stato=in_attesa&${sort}&pagina=${number}&per_pagina=${size}`))
        .elementi;
    const lower = (text: unknown) => String(text).toLowerCase();

    const byItem = (await pendingPage("ordina=oggetto")).map((request) => lower(request.oggetto_nome));
    expect(new Set(byItem).size).toBe(2);
    expect(byItem).toEqual([...byItem].sort());
    const byItemDesc = (await pendingPage("ordina=oggetto&verso=desc")).map((request) => lower(request.oggetto_nome));
    expect(byItemDesc).toEqual([...byItem].reverse());

    const byStudent = (await pendingPage("ordina=studente")).map(
      (request) => `${lower(request.utente_nome)} ${lower(request.utente_cognome)}`,
    );
    expect(new Set(byStudent).size).toBe(2);
    expect(byStudent).toEqual([...byStudent].sort());

    const starts = (await pendingPage("ordina=dal")).map((request) => request.dal as string);
    expect(starts).toEqual([...starts].sort());
    const endsLastFirst = (await pendingPage("ordina=al&verso=desc")).map((request) => request.al as string);
    expect(endsLastFirst).toEqual([...endsLastFirst].sort().reverse());
    const askedFirst = (await pendingPage("ordina=creata")).map((request) => request.id as number);
    expect(askedFirst).toEqual([...askedFirst].sort((a, b) => a - b));

    // Three pages of three give the order of the whole list.
    const paged: number[] = [];
    for (let number = 1; number <= 3; number++)
      paged.push(...(await pendingPage("ordina=dal&verso=desc", number, 3)).map((request) => request.id as number));
    const whole = (
      await scenario.client.get("/api/richieste?all=1&stato=in_attesa&ordina=dal&verso=desc", scenario.admin)
    ).body as Json[];
    expect(paged).toEqual(whole.map((request) => request.id as number));
    expect(paged).toHaveLength(8);
  });

  it("refuses an unknown column in Italian", async () => {
    const scenario = await loanScenario();
    const column = await scenario.client.get("/api/richieste?all=1&ordina=restituito&pagina=1", scenario.admin);
    expect(column).toMatchObject({ status: 400, body: { error: "Ordinamento non valido" } });
  });
});

describe("the loan list sorted as the desk's table asks", () => {
  it("sorts by item, borrower or dates, either way, and keeps the order across pages", async () => {
    const scenario = await historyScenario();
    const ids = async (query: string) => {
      const ids: number[] = [];
      for (let number = 1; number <= 3; number++)
        ids.push(
          ...(await page(scenario, `/api/prestiti?all=1&${query}&pagina=${number}&per_pagina=4`)).elementi.map(
            (loan) => loan.id as number,
          ),
        );
      return ids;
    };
    const itemNames = async (query: string) =>
      (await page(scenario, `/api/prestiti?all=1&${query}&pagina=1&per_pagina=50`)).elementi.map((loan) =>
        String(loan.oggetto_nome).toLowerCase(),
      );
    const byItem = await itemNames("ordina=oggetto");
    expect(new Set(byItem).size).toBe(2);
    expect(byItem).toEqual([...byItem].sort());
    expect(await itemNames("ordina=oggetto&verso=desc")).toEqual([...byItem].reverse());

    const dueLastFirst = (await page(scenario, "/api/prestiti?all=1&stato=in_corso&ordina=al&verso=desc&pagina=1"))
      .elementi;
    expect(dueLastFirst.map((loan) => loan.data_rientro)).toEqual([day(5), day(2), day(-2)]);

    const returnedOldestFirst = (
      await page(scenario, "/api/prestiti?all=1&stato=restituito&ordina=restituito&pagina=1")
    ).elementi.map((loan) => loan.data_restituzione);
    expect(returnedOldestFirst).toEqual([-7, -6, -5, -4, -3, -2, -1].map(day));

    const whole = (await scenario.client.get("/api/prestiti?all=1&ordina=studente&verso=desc", scenario.admin))
      .body as Json[];
    expect(await ids("ordina=studente&verso=desc")).toEqual(whole.map((loan) => loan.id as number));
  });

  it("refuses an unknown column or direction in Italian", async () => {
    const scenario = await historyScenario();
    const column = await scenario.client.get("/api/prestiti?all=1&ordina=password&pagina=1", scenario.admin);
    expect(column).toMatchObject({ status: 400, body: { error: "Ordinamento non valido" } });
    const direction = await scenario.client.get("/api/prestiti?all=1&ordina=al&verso=su&pagina=1", scenario.admin);
    expect(direction).toMatchObject({ status: 400, body: { error: "Verso dell'ordinamento non valido (asc o desc)" } });
  });
});

describe("a search that matches most of the history", () => {
  /** 160 returned loans: three in four of the camera ("Fotocamera Canon"), one in four of the tablet. */
  async function canonHistory() {
    const scenario = await loanScenario();
    const { ctx, camera, tablet, student } = scenario;
    for (let index = 0; index < 160; index++) {
      const item = index % 4 === 3 ? tablet : camera;
      insertLoan(ctx, {
        itemId: item.id as number,
        unitIds: [unitIdOf(item)],
        userId: student.user.id as number,
        stato: "restituito",
        from: day(-400 + index * 2),
        to: day(-400 + index * 2),
        returnedOn: day(-400 + index * 2),
      });
      insertRequest(ctx, { itemId: item.id as number, unitId: unitIdOf(item), stato: "rifiutata" });
    }
    return scenario;
  }

  it.each(["/api/prestiti?all=1&cerca=canon", "/api/richieste?all=1&cerca=canon"])(
    "%s pages the rows of the whole list, in its order, however SQLite reads each page",
    async (path) => {
      const scenario = await canonHistory();
      const whole = await scenario.client.get(path, scenario.admin);
      const ids = (whole.body as Json[]).map((row) => row.id);
      expect(ids.length).toBe(120);
      const paged: unknown[] = [];
      // Many matches and small pages: each page is read by walking the list's order; the whole list, from the matches.
      for (let page = 1; page <= 12; page++) {
        const answer = await scenario.client.get(`${path}&pagina=${page}&per_pagina=10`, scenario.admin);
        expect(answer.body.totale).toBe(120);
        paged.push(...(answer.body.elementi as Json[]).map((row) => row.id));
      }
      expect(paged).toEqual(ids);
    },
  );
});

describe("a search's total kept between calls", () => {
  it("follows new rows, renamed items and people, moved and deleted rows, as a fresh count would", async () => {
    const scenario = await historyScenario();
    const { ctx, camera, tablet, student, classmate } = scenario;
    const terms = ["canon", "tavoletta", "verdi", "rossi@", "ta", "zzz"];
    const everyTotalMatchesItsList = async (step: string) => {
      for (const list of ["prestiti", "richieste"])
        for (const term of terms) {
          const query = `/api/${list}?all=1&cerca=${encodeURIComponent(term)}`;
          const whole = (await scenario.client.get(query, scenario.admin)).body as Json[];
          const paged = (await scenario.client.get(`${query}&pagina=1&per_pagina=5`, scenario.admin)).body;
          expect({ step, query, totale: paged.totale }).toEqual({ step, query, totale: whole.length });
        }
    };
    await everyTotalMatchesItsList("first count");
    insertLoan(ctx, { itemId: camera.id as number, unitIds: [unitIdOf(camera)], userId: classmate.user.id as number });
    insertRequest(ctx, { itemId: tablet.id as number, unitId: unitIdOf(tablet), userId: student.user.id as number });
    await everyTotalMatchesItsList("new loan and request");
    // A borrower without an account, found by the loan's own text only ("rossi@" is in its e-mail).
    insertLoan(ctx, { itemId: tablet.id as number, unitIds: [unitIdOf(tablet)], userId: null });
    await everyTotalMatchesItsList("a loan to someone without an account");
    ctx.sqlite.run("UPDATE prestiti SET chi = 'Zzz Ospite' WHERE id = (SELECT max(id) FROM prestiti)");
    await everyTotalMatchesItsList("that loan's name changed");
    ctx.sqlite.run(`UPDATE inventario SET nome = 'Tavoletta Canon' WHERE id = ${tablet.id}`);
    await everyTotalMatchesItsList("an item renamed");
    ctx.sqlite.run(`UPDATE users SET surname = 'Zzz' WHERE id = ${classmate.user.id}`);
    await everyTotalMatchesItsList("a person renamed");
    ctx.sqlite.run(`UPDATE richieste SET utente_id = ${classmate.user.id} WHERE id = (SELECT min(id) FROM richieste)`);
    ctx.sqlite.run(`UPDATE prestiti SET inventario_id = ${camera.id} WHERE id = (SELECT max(id) FROM prestiti)`);
    await everyTotalMatchesItsList("rows moved to another person and item");
    ctx.sqlite.run("DELETE FROM prestiti WHERE id = (SELECT min(id) FROM prestiti)");
    ctx.sqlite.run("DELETE FROM richieste WHERE id = (SELECT max(id) FROM richieste)");
    await everyTotalMatchesItsList("rows deleted");
    // A unit code holding a term its item's name does not: that search is counted afresh every time.
    ctx.sqlite.run(`UPDATE unita SET codice_univoco = 'ZZZ-1' WHERE id = ${unitIdOf(camera)}`);
    insertRequest(ctx, { itemId: camera.id as number, unitId: unitIdOf(camera), userId: student.user.id as number });
    await everyTotalMatchesItsList("a unit code of another item");
    // An approval changes a request's state and unit, neither of which a kept total depends on.
    ctx.sqlite.run(
      `UPDATE richieste SET stato = 'approvata', unit_id = ${unitIdOf(camera, 2)} WHERE id = (SELECT max(id) FROM richieste)`,
    );
    await everyTotalMatchesItsList("a request approved on another unit");
  });
});

describe("the units of items not named by a search", () => {
  it("follow each unit's code and item name through renames, moves and new units, long terms and short", async () => {
    const { ctx, camera, tablet } = await loanScenario();
    const code = (camera.unita as Json[])[1]?.codice_univoco as string;
    const expected = (term: string) =>
      (
        ctx.sqlite
          .query(
            "SELECT u.id AS id, u.codice_univoco AS code, i.nome AS name FROM unita u JOIN inventario i ON i.id = u.inventario_id",
          )
          .all() as Array<{ id: number; code: string; name: string }>
      )
        .filter((unit) => unit.code.toLowerCase().includes(term) && !unit.name.toLowerCase().includes(term))
        .map((unit) => unit.id)
        .sort((a, b) => a - b);
    const found = (term: string) =>
      ctx.db
        .values<[number]>(unitsOfItemsNotNamed(term))
        .map(([id]) => id)
        .sort((a, b) => a - b);
    const terms = [code.toLowerCase(), "tav", "ta", "o", "fotocamera"];
    const agree = () => {
      for (const term of terms) expect({ term, ids: found(term) }).toEqual({ term, ids: expected(term) });
    };
    agree();
    expect(found(code.toLowerCase())).toHaveLength(1);
    ctx.sqlite.run(`UPDATE inventario SET nome = 'Fotocamera ${code}' WHERE id = ${camera.id}`);
    agree();
    expect(found(code.toLowerCase())).toEqual([]);
    ctx.sqlite.run(`UPDATE unita SET inventario_id = ${tablet.id} WHERE codice_univoco = '${code}'`);
    agree();
    expect(found(code.toLowerCase())).toHaveLength(1);
    ctx.sqlite.run(
      `INSERT INTO unita (inventario_id, codice_univoco, codice_chiave) VALUES (${tablet.id}, 'TAV-NUOVA', 'tav-nuova')`,
    );
    agree();
  });
});
