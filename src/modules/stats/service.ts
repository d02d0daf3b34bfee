import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AppContext } from "../../context";
import {
  categorie,
  corsi,
  inventario,
  inventarioCorsi,
  prestiti,
  richieste,
  riparazioni,
  segnalazioni,
  users,
} from "../../db/schema";
import { qualified } from "../../db/sql";
import { OPEN_LOAN_STATES, REQUEST_STATE } from "../../domain/bookings";
import { addDays, laterDate, startOfDayIn, startOfIsoWeek } from "../../domain/dates";
import { badRequest } from "../../http/errors";

export const PERIODS = [30, 90, 365] as const;
export type Period = (typeof PERIODS)[number];
const TOP = 5;

export function parsePeriod(value: string | undefined): Period {
  if (value === undefined || value === "") return 30;
  const period = Number(value);
  if (!(PERIODS as readonly number[]).includes(period)) throw badRequest("Periodo non valido: usa 30, 90 o 365 giorni");
  return period as Period;
}

/** First calendar day of the period (inclusive) and the UTC instant it starts at. */
function periodStart(ctx: AppContext, period: Period) {
  const firstDay = addDays(ctx.clock.today(), -(period - 1));
  return { firstDay, since: startOfDayIn(ctx.clock.timeZone, firstDay) };
}

export function basicStats(ctx: AppContext) {
  const rows = (table: SQLiteTable, where?: SQL) =>
    ctx.db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
  const items = rows(inventario, isNull(inventario.archivedAt));
  const activeLoans = rows(prestiti, inArray(prestiti.stato, OPEN_LOAN_STATES));
  const requests = rows(richieste);
  return {
    totale_articoli: items,
    utenti_registrati: rows(users, eq(users.ruolo, "user")),
    richieste_totali: requests,
    prestiti_attivi: activeLoans,
    // The plain counts an existing desk client reads from the same call.
    inventario: items,
    prestiti: rows(prestiti),
    richieste: requests,
    riparazioni: rows(riparazioni),
    segnalazioni: rows(segnalazioni),
    users: rows(users),
    richieste_in_attesa: rows(richieste, eq(richieste.stato, REQUEST_STATE.pending)),
    riparazioni_in_corso: rows(riparazioni, eq(riparazioni.stato, "in_corso")),
    segnalazioni_aperte: rows(segnalazioni, eq(segnalazioni.stato, "aperta")),
  };
}

export function topUsers(ctx: AppContext, period: Period) {
  const { since } = periodStart(ctx, period);
  const requests = count(richieste.id);
  return ctx.db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      corso_accademico: users.corsoAccademico,
      count: requests,
    })
    .from(richieste)
    .innerJoin(users, eq(users.id, richieste.utenteId))
    .where(gte(richieste.createdAt, since))
    .groupBy(users.id)
    .orderBy(desc(requests), asc(users.surname), asc(users.name))
    .limit(TOP)
    .all();
}

export function topItems(ctx: AppContext, period: Period) {
  const { since } = periodStart(ctx, period);
  const requests = count(richieste.id);
  const firstCourse = sql<string | null>`(select c.nome from inventario_corsi ic join corsi c on c.id = ic.corso_id
    where ic.inventario_id = ${qualified(inventario.id)} order by ic.posizione limit 1)`;
  return ctx.db
    .select({
      id: inventario.id,
      nome: inventario.nome,
      categoria_madre: firstCourse,
      categoria_figlia: categorie.nome,
      count: requests,
    })
    .from(richieste)
    .innerJoin(inventario, eq(inventario.id, richieste.inventarioId))
    .leftJoin(categorie, eq(categorie.id, inventario.categoriaId))
    .where(gte(richieste.createdAt, since))
    .groupBy(inventario.id)
    .orderBy(desc(requests), asc(inventario.nome))
    .limit(TOP)
    .all();
}

export function topDepartments(ctx: AppContext, period: Period) {
  const { since } = periodStart(ctx, period);
  const requests = count(richieste.id);
  return ctx.db
    .select({
      corso_accademico: sql<string>`${users.corsoAccademico}`,
      studenti: countDistinct(users.id),
      count: requests,
    })
    .from(richieste)
    .innerJoin(users, eq(users.id, richieste.utenteId))
    .where(and(gte(richieste.createdAt, since), sql`${users.corsoAccademico} is not null`))
    .groupBy(users.corsoAccademico)
    .orderBy(desc(requests), asc(users.corsoAccademico))
    .limit(TOP)
    .all();
}

/** Requests per parent category (an item's first course) in the period: the top five. */
export function requestsByCategory(ctx: AppContext, period: Period) {
  const { since } = periodStart(ctx, period);
  const requests = count(richieste.id);
  return ctx.db
    .select({ categoria: corsi.nome, count: requests })
    .from(richieste)
    .innerJoin(
      inventarioCorsi,
      and(eq(inventarioCorsi.inventarioId, richieste.inventarioId), eq(inventarioCorsi.posizione, 0)),
    )
    .innerJoin(corsi, eq(corsi.id, inventarioCorsi.corsoId))
    .where(gte(richieste.createdAt, since))
    .groupBy(corsi.nome)
    .orderBy(desc(requests), asc(corsi.nome))
    .limit(TOP)
    .all();
}

const twoDigits = (value: string) => value.padStart(2, "0");
const dayLabel = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}`;
const monthLabel = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

const TREND_LABEL_FIELD = { 30: "day", 90: "week", 365: "month" } as const satisfies Record<Period, string>;

export type TrendBucket = { label: string; inizio: string; count: number } & Partial<
  Record<(typeof TREND_LABEL_FIELD)[Period], string>
>;

/**
 * Every bucket of the period, zeros included, oldest first, ending today: days for 30, ISO weeks
 * for 90 (labelled by their Monday), months for 365.
 */
export function requestTrend(ctx: AppContext, period: Period) {
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
  // Each bucket is a range of instants, from the start of its first day in the academy's time zone
  // to the start of the next bucket: one indexed count per bucket, whatever the number of requests.
  const starts = [...buckets.keys()];
  const countBetween = ctx.sqlite.query<{ total: number }, [string, string]>(
    "SELECT count(*) AS total FROM richieste WHERE created_at >= ? AND created_at < ?",
  );
  const bounds = [...starts.map((start) => laterDate(start, firstDay)), addDays(today, 1)].map((day) =>
    startOfDayIn(ctx.clock.timeZone, day),
  );
  starts.forEach((start, index) => {
    buckets.set(start, countBetween.get(bounds[index] as string, bounds[index + 1] as string)?.total ?? 0);
  });
  // The label also stands under the field the spec names for the granularity, as clients read it.
  const labelField = TREND_LABEL_FIELD[period];
  return [...buckets].map(([start, total]) => {
    const label = period === 365 ? monthLabel(start) : dayLabel(start);
    return { label, [labelField]: label, inizio: start, count: total } as TrendBucket;
  });
}
