import { count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../../context";
import { categorie, inventario, riparazioni, segnalazioni, users } from "../../db/schema";
import { qualified } from "../../db/sql";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { addDays, startOfDayIn, startOfIsoWeek } from "../../domain/dates";
import { groupedCountsSince, historyTotal, type RankedCounts, requestCountsSince } from "../../read-model";
import { accountsPerRole } from "../auth/user-list";
import { loansInStates, requestsInStates } from "../loans/views";
import type {
  BasicCounts,
  CategoryShare,
  Period,
  PeriodQuery,
  TopDepartment,
  TopItem,
  TopUser,
  TrendBucket,
} from "./model";

const TOP = 5;

/** The period the query names; its schema allows only the periods there are. */
export function periodOf(query: PeriodQuery): Period {
  return Number(query.period ?? 30) as Period;
}

/** First calendar day of the period (inclusive) and the UTC instant it starts at. */
function periodStart(ctx: AppContext, period: Period) {
  const firstDay = addDays(ctx.clock.today(), -(period - 1));
  return { firstDay, since: startOfDayIn(ctx.clock.timeZone, firstDay) };
}

const rowsOf = (ctx: AppContext, table: SQLiteTable, where?: SQL) =>
  ctx.db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;

/**
 * The four lending figures the desk reads at a glance, from counts kept by triggers (migrations 0015, 0017):
 * items not archived, registered students, pending requests and open loans.
 */
export function lendingCounts(ctx: AppContext) {
  return {
    // The archived items are few and indexed (migration 0017); counting the others read every item's row.
    items: rowsOf(ctx, inventario) - rowsOf(ctx, inventario, isNotNull(inventario.archivedAt)),
    students: accountsPerRole(ctx.db).user,
    pendingRequests: requestsInStates(ctx.db, [REQUEST_STATE.pending]),
    openLoans: loansInStates(ctx.db, OPEN_LOAN_STATES),
  };
}

export function basicStats(ctx: AppContext): BasicCounts {
  const rows = (table: SQLiteTable, where?: SQL) => rowsOf(ctx, table, where);
  const { items, students, pendingRequests, openLoans: activeLoans } = lendingCounts(ctx);
  const requests = historyTotal(ctx, "richieste");
  return {
    totale_articoli: items,
    utenti_registrati: students,
    richieste_totali: requests,
    prestiti_attivi: activeLoans,
    // The plain counts an existing desk client reads from the same call.
    inventario: items,
    prestiti: historyTotal(ctx, "prestiti"),
    richieste: requests,
    riparazioni: rows(riparazioni),
    segnalazioni: rows(segnalazioni),
    users: rows(users),
    richieste_in_attesa: pendingRequests,
    riparazioni_in_corso: rows(riparazioni, eq(riparazioni.stato, "in_corso")),
    segnalazioni_aperte: rows(segnalazioni, eq(segnalazioni.stato, "aperta")),
  };
}

/** The counts of the period's requests, kept up to date between calls (see src/read-model/request-counts.ts). */
function periodCounts(ctx: AppContext, period: Period) {
  return requestCountsSince(ctx, String(period), periodStart(ctx, period).since);
}

const binary = (a: string | null, b: string | null) => ((a ?? "") < (b ?? "") ? -1 : (a ?? "") > (b ?? "") ? 1 : 0);

/**
 * The TOP keys by count, ties broken by `compare`, among those `resolve` still finds (a deleted account's
 * requests keep counting under an id no user has). Only the leading keys are resolved: every key tied
 * with the last one read is read too, so no key left out can outrank one taken.
 */
function topByCount<T extends { id: number }>(
  counts: RankedCounts,
  resolve: (ids: number[]) => T[],
  compare: (a: T, b: T) => number,
): Array<T & { count: number }> {
  let sorted = counts.leading(TOP);
  const found: Array<T & { count: number }> = [];
  let end = 0;
  while (found.length < TOP) {
    // Every key read was resolved and too few were found: read the keys that come next.
    if (end === sorted.length) {
      if (sorted.length === counts.size) break;
      sorted = counts.leading(sorted.length + TOP);
    }
    let next = Math.min(sorted.length, end + TOP);
    while (next < sorted.length && sorted[next]?.[1] === sorted[next - 1]?.[1]) next++;
    const ids = sorted.slice(end, next).map(([id]) => id);
    for (const row of resolve(ids)) found.push({ ...row, count: counts.get(row.id) });
    end = next;
  }
  return found.sort((a, b) => b.count - a.count || compare(a, b)).slice(0, TOP);
}

export function topUsers(ctx: AppContext, period: Period): TopUser[] {
  const { byUser } = periodCounts(ctx, period);
  return topByCount(
    byUser,
    (ids) =>
      ctx.db
        .select({ id: users.id, name: users.name, surname: users.surname, corso_accademico: users.corsoAccademico })
        .from(users)
        .where(inArray(users.id, ids))
        .all(),
    (a, b) => binary(a.surname, b.surname) || binary(a.name, b.name),
  ).map(({ id, name, surname, corso_accademico, count }) => ({ id, name, surname, corso_accademico, count }));
}

export function topItems(ctx: AppContext, period: Period): TopItem[] {
  const { byItem } = periodCounts(ctx, period);
  const firstCourse = sql<string | null>`(select c.nome from inventario_corsi ic join corsi c on c.id = ic.corso_id
    where ic.inventario_id = ${qualified(inventario.id)} order by ic.posizione limit 1)`;
  return topByCount(
    byItem,
    (ids) =>
      ctx.db
        .select({
          id: inventario.id,
          nome: inventario.nome,
          categoria_madre: firstCourse,
          categoria_figlia: categorie.nome,
        })
        .from(inventario)
        .leftJoin(categorie, eq(categorie.id, inventario.categoriaId))
        .where(inArray(inventario.id, ids))
        .all(),
    (a, b) => binary(a.nome, b.nome),
  ).map(({ id, nome, categoria_madre, categoria_figlia, count }) => ({
    id,
    nome,
    categoria_madre,
    categoria_figlia,
    count,
  }));
}

/** Sums counts per group; the TOP groups by count, then by name. */
function topGroups<G extends string>(totals: Map<G, number>) {
  return [...totals].sort((a, b) => b[1] - a[1] || binary(a[0], b[0])).slice(0, TOP);
}

/** The version of a resource in `data_versions` (bumped by triggers on every row written). */
function resourceVersion(ctx: AppContext, resource: "inventory" | "users"): number {
  return ctx.db.values<[number]>(sql`SELECT version FROM data_versions WHERE resource = ${resource}`)[0]?.[0] ?? 0;
}

/** Reads each id's group name (straight from SQLite: the rows are every user's or item's). */
const groupsRead = (ctx: AppContext, query: string) => () =>
  new Map(
    ctx.sqlite
      .query<{ id: number; name: string }, []>(query)
      .all()
      .map((row) => [row.id, row.name]),
  );

/** Requests and distinct borrowers per course in the period: the top five. */
export function topDepartments(ctx: AppContext, period: Period): TopDepartment[] {
  const { requests, members } = groupedCountsSince(ctx, String(period), periodStart(ctx, period).since, "byUser", {
    name: "course",
    source: resourceVersion(ctx, "users"),
    groupsOf: groupsRead(ctx, "SELECT id, corso_accademico AS name FROM users WHERE corso_accademico IS NOT NULL"),
  });
  return topGroups(requests).map(([course, count]) => ({
    corso_accademico: course,
    studenti: members.get(course) ?? 0,
    count,
  }));
}

/** Requests per parent category (an item's first course) in the period: the top five. */
export function requestsByCategory(ctx: AppContext, period: Period): CategoryShare[] {
  const { requests } = groupedCountsSince(ctx, String(period), periodStart(ctx, period).since, "byItem", {
    name: "first course",
    source: resourceVersion(ctx, "inventory"),
    groupsOf: groupsRead(
      ctx,
      `SELECT ic.inventario_id AS id, c.nome AS name FROM inventario_corsi ic
        JOIN corsi c ON c.id = ic.corso_id WHERE ic.posizione = 0`,
    ),
  });
  return topGroups(requests).map(([categoria, count]) => ({ categoria, count }));
}

const twoDigits = (value: string) => value.padStart(2, "0");
const dayLabel = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
const monthLabel = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

const TREND_LABEL_FIELD = { 30: "day", 90: "week", 365: "month" } as const satisfies Record<Period, keyof TrendBucket>;

/**
 * Every bucket of the period, zeros included, oldest first, ending today: days for 30, ISO weeks
 * for 90 (labelled by their Monday), months for 365.
 */
export function requestTrend(ctx: AppContext, period: Period): TrendBucket[] {
  const today = ctx.clock.today();
  const { firstDay } = periodStart(ctx, period);
  const bucketOf = (day: string) =>
    period === 30 ? day : period === 90 ? startOfIsoWeek(day) : `${day.slice(0, 7)}-01`;
  const buckets = new Map<string, number>();
  for (let day = bucketOf(firstDay); day <= today; ) {
    buckets.set(day, 0);
    if (period === 30) day = addDays(day, 1);
    else if (period === 90) day = addDays(day, 7);
    else {
      const [year, month] = day.split("-").map(Number) as [number, number];
      day = month === 12 ? `${year + 1}-01-01` : `${year}-${twoDigits(String(month + 1))}-01`;
    }
  }
  // The period's requests per academy day are kept with its other counts: each day adds to its bucket.
  const { byDay } = periodCounts(ctx, period);
  for (let day = firstDay; day <= today; day = addDays(day, 1)) {
    const bucket = bucketOf(day);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + (byDay.get(day) ?? 0));
  }
  const labelField = TREND_LABEL_FIELD[period];
  return [...buckets].map(([start, total]) => {
    const label = period === 365 ? monthLabel(start) : dayLabel(start);
    return { label, [labelField]: label, inizio: start, count: total };
  });
}
