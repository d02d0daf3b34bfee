/**
 * The practical limit the benchmark compares PrestaLab with: a bare `Bun.serve` over `bun:sqlite`, the
 * same database opened read-only, answering the heaviest lists with hand-written SQL and JSON.stringify —
 * no framework, no ORM, no auth, no cache, no compression. Started by scripts/bench.ts:
 *
 *   BENCH_DB=<prestalab.db> BENCH_TODAY=YYYY-MM-DD PORT=<port> bun run scripts/bench-baseline.ts
 *
 * It answers the same paths (and the same JSON fields) as PrestaLab, so one load generator drives both:
 *   GET /api/inventario                                              items with their units and states
 *   GET /api/prestiti?all=1[&stato=in_corso|attivo|scaduto|restituito][&pagina=N&per_pagina=M]
 *   GET /api/richieste?all=1[&stato=…][&pagina=N&per_pagina=M]
 */
import { Database } from "bun:sqlite";
import { daysLate, effectiveLoanState } from "../src/domain/loan-rules";
import { itemState, type UnitState, unitState } from "../src/domain/unit-state";

const file = process.env.BENCH_DB;
const today = process.env.BENCH_TODAY;
if (!file || !today) throw new Error("BENCH_DB and BENCH_TODAY are required");
const db = new Database(file, { readonly: true });

interface ItemRow {
  id: number;
  nome: string;
  note: string | null;
  posizione: string | null;
  fornitore: string | null;
  seriale: string | null;
  immagine_url: string | null;
  tipo_prestito: string;
  categoria_id: number | null;
  categoria: string | null;
  data_aggiunta: string;
}

interface UnitRow {
  id: number;
  inventario_id: number;
  codice_univoco: string;
  note: string | null;
  perso: number;
  in_repair: number;
  started_loan: number | null;
  upcoming_loan: number | null;
  pending: number;
}

const itemQuery = db.query<ItemRow, []>(
  `SELECT i.id, i.nome, i.note, i.posizione, i.fornitore, i.seriale, i.immagine_url, i.tipo_prestito,
          i.categoria_id, c.nome AS categoria, i.data_aggiunta
     FROM inventario i LEFT JOIN categorie c ON c.id = i.categoria_id
    WHERE i.archived_at IS NULL
    ORDER BY i.nome COLLATE NOCASE, i.id`,
);
const courseQuery = db.query<{ item: number; nome: string }, []>(
  `SELECT ic.inventario_id AS item, c.nome FROM inventario_corsi ic JOIN corsi c ON c.id = ic.corso_id
    ORDER BY ic.posizione, c.nome`,
);
// Each subquery starts from the unit (CROSS JOIN, +q.stato): left to itself, SQLite walks every open loan and
// every pending request once per unit, which at 5x (50,000 units) takes minutes instead of under a second.
const unitQuery = db.query<UnitRow, [string, string, string]>(
  `SELECT u.id, u.inventario_id, u.codice_univoco, u.note, u.perso,
          EXISTS (SELECT 1 FROM riparazioni r WHERE r.unit_id = u.id AND r.stato = 'in_corso') AS in_repair,
          (SELECT p.id FROM prestiti_unita pu CROSS JOIN prestiti p ON p.id = pu.prestito_id
            WHERE pu.unit_id = u.id AND p.stato IN ('attivo', 'scaduto') AND p.data_uscita <= ?1 LIMIT 1) AS started_loan,
          (SELECT p.id FROM prestiti_unita pu CROSS JOIN prestiti p ON p.id = pu.prestito_id
            WHERE pu.unit_id = u.id AND p.stato IN ('attivo', 'scaduto') AND p.data_uscita > ?2
            ORDER BY p.data_uscita LIMIT 1) AS upcoming_loan,
          EXISTS (SELECT 1 FROM richieste q WHERE q.unit_id = u.id AND +q.stato = 'in_attesa' AND q.al >= ?3) AS pending
     FROM unita u WHERE u.archived_at IS NULL ORDER BY u.inventario_id, u.codice_univoco`,
);

function inventory() {
  const courses = new Map<number, string[]>();
  for (const row of courseQuery.all()) {
    const list = courses.get(row.item);
    if (list) list.push(row.nome);
    else courses.set(row.item, [row.nome]);
  }
  const units = new Map<number, Array<{ id: number; codice_univoco: string; stato: UnitState; note: string | null }>>();
  for (const row of unitQuery.all(today as string, today as string, today as string)) {
    const unit = {
      id: row.id,
      inventario_id: row.inventario_id,
      codice_univoco: row.codice_univoco,
      stato: unitState({
        lost: Boolean(row.perso),
        inRepair: Boolean(row.in_repair),
        onStartedLoan: row.started_loan !== null,
        reserved: row.upcoming_loan !== null || Boolean(row.pending),
      }),
      prestito_corrente_id: row.started_loan ?? row.upcoming_loan,
      note: row.note,
    };
    const list = units.get(row.inventario_id);
    if (list) list.push(unit);
    else units.set(row.inventario_id, [unit]);
  }
  return itemQuery.all().map((item) => {
    const itemUnits = units.get(item.id) ?? [];
    const itemCourses = courses.get(item.id) ?? [];
    return {
      ...item,
      corsi_assegnati: itemCourses,
      categoria_madre: itemCourses[0] ?? null,
      quantita_totale: itemUnits.length,
      unita_disponibili: itemUnits.filter((unit) => unit.stato === "disponibile").length,
      stato_effettivo: itemState(itemUnits.map((unit) => unit.stato)),
      unita: itemUnits,
    };
  });
}

interface Page {
  limit: number;
  offset: number;
  number: number;
  size: number;
}

function pageOf(params: URLSearchParams): Page | null {
  if (!params.has("pagina") && !params.has("per_pagina")) return null;
  const number = Math.max(1, Number(params.get("pagina") ?? 1) || 1);
  const size = Math.min(200, Math.max(1, Number(params.get("per_pagina") ?? 50) || 50));
  return { limit: size, offset: (number - 1) * size, number, size };
}

const LOAN_FILTERS: Record<string, { where: string; order: string }> = {
  "": { where: "1", order: "p.created_at DESC, p.id DESC" },
  in_corso: { where: "p.stato IN ('attivo', 'scaduto')", order: "p.data_rientro, p.id" },
  attivo: { where: "p.stato = 'attivo' AND p.data_rientro >= $today", order: "p.data_rientro, p.id" },
  scaduto: {
    where: "(p.stato = 'scaduto' OR (p.stato = 'attivo' AND p.data_rientro < $today))",
    order: "p.data_rientro, p.id",
  },
  restituito: { where: "p.stato = 'restituito'", order: "p.data_restituzione DESC, p.id DESC" },
};

interface LoanRow {
  id: number;
  inventario_id: number;
  articolo_nome: string;
  utente_id: number | null;
  name: string | null;
  surname: string | null;
  email: string | null;
  chi: string;
  utente_email: string | null;
  data_uscita: string;
  data_rientro: string;
  data_restituzione: string | null;
  stato: "attivo" | "scaduto" | "restituito";
  note: string | null;
  tipo_utilizzo: string | null;
  richiesta_id: number | null;
  penalty_strikes: number | null;
  is_blocked: number | null;
  created_at: string;
}

function loans(params: URLSearchParams) {
  const filter = LOAN_FILTERS[params.get("stato") ?? ""];
  if (!filter) return null;
  const page = pageOf(params);
  const rows = db
    .query<LoanRow, Record<string, string | number>>(
      `SELECT p.id, p.inventario_id, i.nome AS articolo_nome, p.utente_id, u.name, u.surname, u.email, p.chi,
              p.utente_email, p.data_uscita, p.data_rientro, p.data_restituzione, p.stato, p.note, p.tipo_utilizzo,
              p.richiesta_id, u.penalty_strikes, u.is_blocked, p.created_at
         FROM prestiti p JOIN inventario i ON i.id = p.inventario_id LEFT JOIN users u ON u.id = p.utente_id
        WHERE ${filter.where} ORDER BY ${filter.order} LIMIT $limit OFFSET $offset`,
    )
    .all({ $today: today as string, $limit: page?.limit ?? -1, $offset: page?.offset ?? 0 });
  const units = new Map<number, Array<{ id: number; code: string }>>();
  if (rows.length) {
    const ids = page ? `WHERE pu.prestito_id IN (${rows.map((row) => row.id).join(",")})` : "";
    for (const unit of db
      .query<{ loan: number; id: number; code: string }, []>(
        `SELECT pu.prestito_id AS loan, u.id, u.codice_univoco AS code
           FROM prestiti_unita pu JOIN unita u ON u.id = pu.unit_id ${ids} ORDER BY u.codice_univoco`,
      )
      .all()) {
      const list = units.get(unit.loan);
      if (list) list.push(unit);
      else units.set(unit.loan, [unit]);
    }
  }
  const elementi = rows.map((row) => {
    const loanUnits = units.get(row.id) ?? [];
    return {
      id: row.id,
      inventario_id: row.inventario_id,
      articolo_nome: row.articolo_nome,
      unita: loanUnits.map((unit) => unit.code),
      unita_ids: loanUnits.map((unit) => unit.id),
      utente_id: row.utente_id,
      utente_nome: row.name ?? row.chi,
      utente_cognome: row.surname ?? "",
      utente_email: row.email ?? row.utente_email,
      chi: row.chi,
      data_uscita: row.data_uscita,
      data_rientro: row.data_rientro,
      data_restituzione: row.data_restituzione,
      stato: effectiveLoanState(row.stato, row.data_rientro, today as string),
      giorni_ritardo: daysLate(row.data_rientro, row.data_restituzione ?? (today as string)),
      note: row.note,
      tipo_utilizzo: row.tipo_utilizzo,
      richiesta_id: row.richiesta_id,
      penalty_strikes: row.penalty_strikes ?? 0,
      is_blocked: Boolean(row.is_blocked),
      created_at: row.created_at,
    };
  });
  if (!page) return elementi;
  const total = db
    .query<{ n: number }, Record<string, string>>(`SELECT count(*) AS n FROM prestiti p WHERE ${filter.where}`)
    .get({ $today: today as string });
  return { elementi, totale: total?.n ?? 0, pagina: page.number, per_pagina: page.size };
}

const REQUEST_STATES = new Set(["", "in_attesa", "approvata", "rifiutata", "annullata"]);

function requests(params: URLSearchParams) {
  const state = params.get("stato") ?? "";
  if (!REQUEST_STATES.has(state)) return null;
  const page = pageOf(params);
  const where = state ? "r.stato = $state" : "1";
  const elementi = db
    .query<Record<string, unknown>, Record<string, string | number>>(
      `SELECT r.id, r.stato, r.inventario_id, i.nome AS oggetto_nome, i.tipo_prestito, r.unit_id,
              un.codice_univoco, r.dal, r.al, r.note, r.tipo_utilizzo, r.motivo_rifiuto, r.created_at, r.handled_at,
              r.utente_id, u.name, u.surname, u.email AS utente_email, coalesce(u.penalty_strikes, 0) AS penalty_strikes,
              coalesce(u.is_blocked, 0) AS is_blocked
         FROM richieste r JOIN inventario i ON i.id = r.inventario_id JOIN unita un ON un.id = r.unit_id
         LEFT JOIN users u ON u.id = r.utente_id
        WHERE ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $limit OFFSET $offset`,
    )
    .all({ ...(state ? { $state: state } : {}), $limit: page?.limit ?? -1, $offset: page?.offset ?? 0 });
  if (!page) return elementi;
  const total = db
    .query<{ n: number }, Record<string, string>>(`SELECT count(*) AS n FROM richieste r WHERE ${where}`)
    .get(state ? { $state: state } : {});
  return { elementi, totale: total?.n ?? 0, pagina: page.number, per_pagina: page.size };
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json; charset=utf-8" } });

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "/api/health") return json({ ok: true });
    if (url.pathname === "/api/inventario") return json(inventory());
    const answer =
      url.pathname === "/api/prestiti"
        ? loans(url.searchParams)
        : url.pathname === "/api/richieste"
          ? requests(url.searchParams)
          : null;
    return answer ? json(answer) : json({ error: "not found" }, 404);
  },
});

console.log(`baseline listening on http://127.0.0.1:${server.port}`);
process.on("SIGTERM", () => {
  server.stop(true);
  db.close();
  process.exit(0);
});
