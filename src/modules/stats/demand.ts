import { and, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import {
  attese,
  corsi,
  domandaEventi,
  inventario,
  inventarioCorsi,
  prestiti,
  prestitiUnita,
  richieste,
  riparazioni,
  unita,
  users,
} from "../../db/schema";
import { isOpenDay } from "../../domain/academy-settings";
import { REQUEST_STATE } from "../../domain/bookings";
import { addDays, daysBetween, formatItalianDate, laterDate, startOfIsoWeek } from "../../domain/dates";
import {
  DEFAULT_TARGET_SHARE,
  DEMAND_EVENT,
  extraUnitsFor,
  LIVE_WAIT_STATES,
  LOW_USE,
  shareMet,
  UNMET_DAYS_TO_BUY,
  WAIT_STATE,
  type WantedDays,
} from "../../domain/demand";
import { italianOrder } from "../../domain/text-key";
import { badRequest, notFound } from "../../http/errors";
import { readSettings } from "../settings/service";
import type { DemandItem, DemandItemWeeks, DemandQuery, DemandReport, DemandWeek } from "./demand-model";
import { idleUnits, type UnitUse } from "./idle-units";

const DEFAULT_DAYS = 90;
/** The longest "da spostare" list: the most wanted first; a large academy has thousands. */
const LISTED = 100;
const LONGEST_PERIOD_DAYS = 366;

const rounded = (value: number) => Math.round(value * 1000) / 1000;
const percent = (value: number) => `${Math.round(value * 100)}%`;
const earlierDate = (a: string, b: string) => (a < b ? a : b);
const unmetRequests = (count: number) =>
  count === 1 ? "1 richiesta non soddisfatta" : `${count} richieste non soddisfatte`;
const dayCount = (count: number) => (count === 1 ? "1 giorno" : `${count} giorni`);
const withTodaysUnits = (count: number) =>
  count === 0 ? "senza unità oggi" : count === 1 ? "con l'unica di oggi" : `con le ${count} di oggi`;

/** What the report reads: the connection and the academy's clock (the server's, or a read worker's). */
export interface DemandSource {
  db: Db;
  clock: Clock;
}

/** The period asked: the last 90 days by default, a year at most. */
export function demandPeriod(today: string, query: DemandQuery) {
  const al = query.al ?? today;
  // A date that matches the pattern but names no day (0000-00-00) gives no span: refused, not a 500,
  // and before the default start is counted back from it.
  if (!Number.isFinite(daysBetween(al, al))) throw badRequest("Data non valida (AAAA-MM-GG)");
  const dal = query.dal ?? addDays(al, -(DEFAULT_DAYS - 1));
  if (!Number.isFinite(daysBetween(dal, al))) throw badRequest("Data non valida (AAAA-MM-GG)");
  if (dal > al) throw badRequest("La data di inizio non può seguire quella di fine");
  if (daysBetween(dal, al) > LONGEST_PERIOD_DAYS) throw badRequest("Il periodo è lungo al massimo un anno");
  return { dal, al };
}

interface Wanted extends WantedDays {
  at: string;
}

interface UnmetEvent {
  tipo: string;
  itemId: number;
  dal: string;
  al: string;
  at: string;
  corso: string | null;
}

/**
 * The period's days by position: a range of days becomes two positions, open days are counted by prefix
 * sums and each day's week is read from an array, instead of parsing dates day by day.
 */
function periodCalendar(db: Db, dal: string, al: string) {
  const settings = readSettings(db);
  const days: string[] = [];
  for (let day = dal; day <= al; day = addDays(day, 1)) days.push(day);
  const position = new Map(days.map((day, index) => [day, index]));
  const isOpen = Uint8Array.from(days, (day) => (isOpenDay(settings, day) ? 1 : 0));
  const openBefore = new Int32Array(days.length + 1);
  for (let index = 0; index < days.length; index++)
    openBefore[index + 1] = (openBefore[index] as number) + (isOpen[index] as number);
  // Every week the period touches, once it has an open day at all.
  const weeks: string[] = [];
  const weekOf = new Int32Array(days.length);
  for (let index = 0; index < days.length; index++) {
    const week = startOfIsoWeek(days[index] as string);
    if (weeks.at(-1) !== week) weeks.push(week);
    weekOf[index] = weeks.length - 1;
  }
  const openInWeek = new Int32Array(weeks.length);
  for (let index = 0; index < days.length; index++)
    openInWeek[weekOf[index] as number] = (openInWeek[weekOf[index] as number] as number) + (isOpen[index] as number);
  return {
    days,
    isOpen,
    weekOf,
    weeks: (openBefore[days.length] as number) > 0 ? weeks : [],
    openInWeek,
    /** Open days among positions [first, last]. */
    openBetween: (first: number, last: number) => (openBefore[last + 1] as number) - (openBefore[first] as number),
    /** The positions of the days of [from, to] within [dal, upTo], or null when none lies there. */
    positions(from: string, to: string, upTo = al): [number, number] | null {
      const first = laterDate(from, dal);
      const lastDay = earlierDate(to, upTo);
      if (first > lastDay) return null;
      return [position.get(first) ?? 0, position.get(lastDay) ?? 0];
    },
  };
}

/** The days the loans of the report are read for: the period up to today, for one item or all. */
export interface LoanPeriod {
  dal: string;
  /** The period's last day, or today when the period goes on after it. */
  last: string;
  today: string;
  onlyItem: number | null;
}

/**
 * The units out in the period: for each handed-over loan's unit, its id and the positions of its first and
 * last day out within [dal, last] (today while still out), three numbers per unit in one array. At five
 * times the default academy it is 180,000 units and the report's longest read, so the server can run it
 * on a thread of its own while the report reads the rest (src/read-jobs.ts). SQLite gives each day as its
 * offset from the period's first: numbers cost far less than date texts to hand over and to compare.
 */
/** The loans' period of a report asked with `query` on `today`. */
export function loanPeriodOf(today: string, query: DemandQuery, onlyItem: number | null): LoanPeriod {
  const { dal, al } = demandPeriod(today, query);
  return { dal, last: earlierDate(al, today), today, onlyItem };
}

export function loanSpans(db: Db, period: LoanPeriod): Int32Array<ArrayBuffer> {
  const { dal, last, today, onlyItem } = period;
  const lastPosition = daysBetween(dal, last);
  const returned = sql`substr(coalesce(${prestitiUnita.restituitaIl}, ${prestiti.dataRestituzione}, ${today}), 1, 10)`;
  const rows = db.values<[number, number, number]>(
    sql`select ${prestitiUnita.unitId}, cast(julianday(${prestiti.dataUscita}) - julianday(${dal}) as integer),
        cast(julianday(${returned}) - julianday(${dal}) as integer)
      from ${prestitiUnita} join ${prestiti} on ${prestiti.id} = ${prestitiUnita.prestitoId}
      where ${prestiti.consegnatoIl} is not null and ${prestiti.dataUscita} <= ${last}
        and coalesce(${prestitiUnita.restituitaIl}, ${prestiti.dataRestituzione}, ${today}) >= ${dal}
        ${onlyItem === null ? sql`` : sql`and ${prestitiUnita.unitId} in (select ${unita.id} from ${unita} where ${unita.inventarioId} = ${onlyItem})`}`,
  );
  const spans = new Int32Array(rows.length * 3);
  let length = 0;
  for (const [unitId, fromOffset, backOffset] of rows) {
    const first = Math.max(fromOffset, 0);
    const lastDay = Math.min(backOffset, lastPosition);
    if (first > lastDay) continue;
    spans[length++] = unitId;
    spans[length++] = first;
    spans[length++] = lastDay;
  }
  return spans.slice(0, length);
}

/**
 * The demand report over a period: per item, what was asked and what was not met, how much its units were
 * out, its queue and its peak week; then what to buy (from the replay of the period's bookings with more
 * units), the units hardly used, and the items idle for one course and wanted by another. Every figure is
 * defined in docs/decisions/demand-report-figures.md. Each table is read once for the whole academy and
 * summed here in arrays by position: at five times the default academy a query per item, or a list of
 * every unit's id bound into each query, cost seconds. The weeks of each item are not in it: at that size
 * they were 26 of its 30 MB, and the screen charts one item at a time (demandItemWeeks).
 */
export function demandReport(source: DemandSource, query: DemandQuery): DemandReport {
  const { period, finish } = startDemandFigures(source, query, null);
  return finish(loanSpans(source.db, period)).report;
}

/**
 * One item's demand against its capacity week by week, over the period and for the course of the report's
 * filters: the figures of the report for that item alone, with its weeks.
 */
export function demandItemWeeks(source: DemandSource, query: DemandQuery, itemId: number): DemandItemWeeks {
  const { period, finish } = startDemandFigures(source, query, itemId);
  const { report, weeks } = finish(loanSpans(source.db, period));
  const item = report.articoli[0];
  if (!item) throw notFound("Articolo non trovato");
  return {
    inventario_id: item.inventario_id,
    nome: item.nome,
    unita: item.unita,
    settimana_di_punta: item.settimana_di_punta,
    settimane: weeks,
  };
}

/**
 * The report, for every listed item or for `onlyItem` alone, with that one item's weeks: reads everything
 * but the loans, and answers the loans' period and `finish`, which sums the loans' spans into the report.
 */
export function startDemandFigures(source: DemandSource, query: DemandQuery, onlyItem: number | null) {
  const { db } = source;
  const today = source.clock.today();
  const { dal, al } = demandPeriod(today, query);
  const last = earlierDate(al, today);
  const course = query.corso?.trim() || null;
  const categoryId = query.categoria ? Number(query.categoria) : null;
  const target = query.quota === undefined ? DEFAULT_TARGET_SHARE : Number(query.quota) / 100;
  const calendar = periodCalendar(db, dal, al);
  const periodLength = calendar.days.length;
  const listedItem = and(
    isNull(inventario.archivedAt),
    categoryId === null ? undefined : eq(inventario.categoriaId, categoryId),
    onlyItem === null ? undefined : eq(inventario.id, onlyItem),
  ) as SQL;

  // Plain rows, named here: the query builder's row objects for 50,000 units and 30,000 events cost
  // more than reading them.
  const items = db
    .values<[number, string, number | null]>(
      sql`select ${inventario.id}, ${inventario.nome}, ${inventario.categoriaId} from ${inventario} where ${listedItem}`,
    )
    .map(([id, nome, categoryId]) => ({ id, nome, categoryId }));
  const units = db
    .values<[number, number, string]>(
      sql`select ${unita.id}, ${unita.inventarioId}, ${unita.codiceUnivoco}
        from ${unita} join ${inventario} on ${inventario.id} = ${unita.inventarioId}
        where ${listedItem} and ${unita.archivedAt} is null and ${unita.perso} = 0`,
    )
    .map(([id, itemId, code]) => ({ id, itemId, code }));
  const unitPosition = new Map(units.map((unit, index) => [unit.id, index]));

  // The days each unit spent in repair, as a mark per day of the period (only units ever in repair).
  const inRepair = new Map<number, Uint8Array>();
  for (const [unitId, from, to] of db.values<[number, string, string | null]>(
    sql`select ${riparazioni.unitId}, ${riparazioni.dataInizio}, ${riparazioni.dataFine} from ${riparazioni}
      where ${riparazioni.dataInizio} <= ${al} and coalesce(${riparazioni.dataFine}, ${al}) >= ${dal}`,
  )) {
    const position = unitPosition.get(unitId);
    const range = calendar.positions(from.slice(0, 10), (to ?? al).slice(0, 10));
    if (position === undefined || !range) continue;
    const days = inRepair.get(position) ?? new Uint8Array(periodLength);
    days.fill(1, range[0], range[1] + 1);
    inRepair.set(position, days);
  }
  /** Open days of positions [first, last] a unit spent in repair. */
  const openRepairDays = (position: number, first: number, lastIndex: number) => {
    const repairs = inRepair.get(position);
    let days = 0;
    if (repairs)
      for (let index = first; index <= lastIndex; index++)
        days += (repairs[index] as number) & (calendar.isOpen[index] as number);
    return days;
  };

  // What was asked for days of the period: every request made (a request the student withdrew is no
  // demand), and every booking that met no free unit; replayed in the order they were made.
  const requests = db.values<[number, string, string, string]>(
    sql`select ${richieste.inventarioId}, ${richieste.dal}, ${richieste.al}, ${richieste.createdAt}
      from ${richieste} join ${inventario} on ${inventario.id} = ${richieste.inventarioId}
      ${course === null ? sql`` : sql`join ${users} on ${users.id} = ${richieste.utenteId}`}
      where ${listedItem} and ${richieste.dal} <= ${al} and ${richieste.al} >= ${dal}
        and ${richieste.stato} != ${REQUEST_STATE.cancelled}
        ${course === null ? sql`` : sql`and ${users.corsoAccademico} = ${course}`}
      order by ${richieste.id}`,
  );
  const unmetWhere = and(
    lte(domandaEventi.dal, al),
    gte(domandaEventi.al, dal),
    inArray(domandaEventi.tipo, [DEMAND_EVENT.noFreeUnit, DEMAND_EVENT.refused]),
    onlyItem === null ? isNotNull(domandaEventi.inventarioId) : eq(domandaEventi.inventarioId, onlyItem),
    course === null ? undefined : eq(domandaEventi.corso, course),
  ) as SQL;
  const unmet: UnmetEvent[] = db
    .values<[string, number, string, string, string, string | null]>(
      sql`select ${domandaEventi.tipo}, ${domandaEventi.inventarioId}, ${domandaEventi.dal}, ${domandaEventi.al},
        ${domandaEventi.createdAt}, ${domandaEventi.corso}
        from ${domandaEventi} where ${unmetWhere} order by ${domandaEventi.id}`,
    )
    .map(([tipo, itemId, from, to, at, corso]) => ({ tipo, itemId, dal: from, al: to, at, corso }));
  const wantedByItem = new Map<number, Wanted[]>();
  const want = (itemId: number, wanted: Wanted) => {
    const list = wantedByItem.get(itemId);
    if (list) list.push(wanted);
    else wantedByItem.set(itemId, [wanted]);
  };
  for (const [itemId, from, to, at] of requests) want(itemId, { dal: from, al: to, at });
  for (const event of unmet)
    if (event.tipo === DEMAND_EVENT.noFreeUnit) want(event.itemId, { dal: event.dal, al: event.al, at: event.at });
  // A stable sort: at the same instant, requests before events, each in the order they were written.
  for (const wanted of wantedByItem.values()) wanted.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const unmetByItem = groupBy(unmet, (event) => event.itemId);

  const queued = countBy(
    db
      .select({ itemId: attese.inventarioId })
      .from(attese)
      .where(and(inArray(attese.stato, LIVE_WAIT_STATES), isNotNull(attese.inventarioId)))
      .all(),
    (row) => row.itemId as number,
  );
  const queueToLoan = countBy(
    db
      .select({ itemId: attese.inventarioId })
      .from(attese)
      .innerJoin(prestiti, eq(prestiti.richiestaId, attese.richiestaId))
      .where(
        and(
          eq(attese.stato, WAIT_STATE.confirmed),
          lte(attese.dal, al),
          gte(attese.al, dal),
          isNull(prestiti.annullatoIl),
        ),
      )
      .all(),
    (row) => row.itemId as number,
  );

  const unitsByItem = groupBy(
    units.map((unit, position) => ({ ...unit, position })),
    (unit) => unit.itemId,
  );
  const { weeks, weekOf } = calendar;
  /** Capacity per week (the chart's only): each unit's open days of the week, less those in repair. */
  const weeklyCapacity = (itemUnits: ReadonlyArray<{ position: number }>) => {
    const capacity = Int32Array.from(calendar.openInWeek, (open) => open * itemUnits.length);
    for (const unit of itemUnits) {
      const repairs = inRepair.get(unit.position);
      if (repairs)
        for (let index = 0; index < periodLength; index++)
          if (repairs[index] && calendar.isOpen[index]) {
            const week = weekOf[index] as number;
            capacity[week] = (capacity[week] as number) - 1;
          }
    }
    return capacity;
  };

  // What was asked of each item needs no loan: it is summed here, while another thread may read the loans.
  const asked: Array<{
    item: (typeof items)[number];
    itemUnits: Array<(typeof units)[number] & { position: number }>;
    richieste: number;
    richieste_non_soddisfatte: number;
    giorni_non_soddisfatti: number;
    settimana_di_punta: string | null;
  }> = [];
  const demandByWeek = new Int32Array(weeks.length);
  let onlyItemWeeks: DemandWeek[] = [];
  for (const item of items) {
    const itemUnits = unitsByItem.get(item.id) ?? [];
    const wanted = wantedByItem.get(item.id) ?? [];
    if (wanted.length === 0 && itemUnits.length === 0 && onlyItem === null) continue;
    const itemUnmet = unmetByItem.get(item.id) ?? [];
    // Demand per week in unit-days, by walking each booking's days within the period once.
    demandByWeek.fill(0);
    for (const booking of wanted) {
      const range = calendar.positions(booking.dal, booking.al);
      if (!range) continue;
      for (let index = range[0]; index <= range[1]; index++) {
        const week = weekOf[index] as number;
        demandByWeek[week] = (demandByWeek[week] as number) + 1;
      }
    }
    let peak: string | null = null;
    let peakDemand = 0;
    for (let index = 0; index < weeks.length; index++)
      if ((demandByWeek[index] as number) > peakDemand) {
        peak = weeks[index] as string;
        peakDemand = demandByWeek[index] as number;
      }
    if (onlyItem !== null) {
      const capacity = weeklyCapacity(itemUnits);
      onlyItemWeeks = weeks.map((settimana, index) => ({
        settimana,
        domanda: demandByWeek[index] as number,
        capacita: capacity[index] as number,
      }));
    }
    asked.push({
      item,
      itemUnits,
      richieste: wanted.length,
      richieste_non_soddisfatte: itemUnmet.length,
      giorni_non_soddisfatti: itemUnmet.reduce((sum, event) => sum + daysBetween(event.dal, event.al) + 1, 0),
      settimana_di_punta: peak,
    });
  }
  asked.sort(
    (a, b) =>
      b.giorni_non_soddisfatti - a.giorni_non_soddisfatti ||
      b.richieste - a.richieste ||
      italianOrder(a.item.nome, b.item.nome),
  );

  const da_acquistare = asked
    .filter((entry) => entry.giorni_non_soddisfatti >= UNMET_DAYS_TO_BUY)
    .map(({ item, itemUnits, richieste_non_soddisfatte, giorni_non_soddisfatti }) => {
      const wanted = wantedByItem.get(item.id) ?? [];
      const unitCount = itemUnits.length;
      const { extra, share } = extraUnitsFor(wanted, unitCount, target);
      const now = shareMet(wanted, unitCount);
      return {
        inventario_id: item.id,
        nome: item.nome,
        unita_in_piu: extra,
        quota_soddisfatta: rounded(share),
        quota_attuale: rounded(now),
        // Only items that more units would help are listed (the filter below): the sentence says how much.
        spiegazione: `«${item.nome}»: ${unmetRequests(richieste_non_soddisfatte)} per ${dayCount(giorni_non_soddisfatti)}. Con ${extra} unità in più il periodo avrebbe soddisfatto il ${percent(share)} delle richieste (${withTodaysUnits(unitCount)} il ${percent(now)}).`,
      };
    })
    .filter((item) => item.unita_in_piu > 0);
  const wantedElsewhere = courseDemand(db, items, unmet);

  const period = loanPeriodOf(today, query, onlyItem);
  /** The rest of the report, once the loans' spans are known (loanSpans, here or on another thread). */
  const finish = (spans: Int32Array) => {
    // Days out: the units of loans handed over, from their start to their return (today while still out).
    const outDays = new Int32Array(units.length);
    // Each unit's last day out in the period so far, by position (-1: not out at all).
    const lastOut = new Int32Array(units.length).fill(-1);
    for (let index = 0; index < spans.length; index += 3) {
      const position = unitPosition.get(spans[index] as number);
      if (position === undefined) continue;
      const first = spans[index + 1] as number;
      const lastDay = spans[index + 2] as number;
      outDays[position] =
        (outDays[position] as number) + calendar.openBetween(first, lastDay) - openRepairDays(position, first, lastDay);
      lastOut[position] = Math.max(lastOut[position] as number, lastDay);
    }
    // Days available: the open days up to today the unit was not in repair.
    const soFar = calendar.positions(dal, last, last);
    const availableDays = (position: number) =>
      soFar ? calendar.openBetween(soFar[0], soFar[1]) - openRepairDays(position, soFar[0], soFar[1]) : 0;

    const useByUnit: UnitUse[] = [];
    const articoli: DemandItem[] = asked.map(({ item, itemUnits, ...demand }) => {
      let out = 0;
      let available = 0;
      for (const unit of itemUnits) {
        const use = {
          id: unit.id,
          itemId: unit.itemId,
          code: unit.code,
          out: outDays[unit.position] as number,
          available: availableDays(unit.position),
          idle: soFar ? soFar[1] - (lastOut[unit.position] as number) : 0,
        };
        useByUnit.push(use);
        out += use.out;
        available += use.available;
      }
      return {
        inventario_id: item.id,
        nome: item.nome,
        unita: itemUnits.length,
        richieste: demand.richieste,
        richieste_non_soddisfatte: demand.richieste_non_soddisfatte,
        giorni_non_soddisfatti: demand.giorni_non_soddisfatti,
        utilizzo: available === 0 ? 0 : rounded(out / available),
        in_coda: queued.get(item.id) ?? 0,
        dalla_coda_al_prestito: queueToLoan.get(item.id) ?? 0,
        settimana_di_punta: demand.settimana_di_punta,
      };
    });

    const itemNames = new Map(items.map((item) => [item.id, item.nome]));
    const { listed, total } = idleUnits(db, useByUnit, soFar ? calendar.openBetween(soFar[0], soFar[1]) : 0, today);
    const poco_usati = listed.map(({ unit, lastLoan }) => {
      const nome = itemNames.get(unit.itemId) ?? "";
      return {
        unit_id: unit.id,
        codice_univoco: unit.code,
        inventario_id: unit.itemId,
        nome,
        utilizzo: rounded(unit.out / unit.available),
        giorni_fermo: unit.idle,
        ultimo_prestito: lastLoan,
        spiegazione: `${unit.code} (${nome}) è stata fuori ${dayCount(unit.out)} su ${unit.available} disponibili; ${lastLoan ? `ultimo prestito il ${formatItalianDate(lastLoan)}` : "mai prestata"}.`,
      };
    });

    const report: DemandReport = {
      dal,
      al,
      articoli,
      da_acquistare,
      poco_usati,
      poco_usati_totale: total,
      da_spostare: itemsToMove(wantedElsewhere, articoli),
    };
    return { report, weeks: onlyItemWeeks };
  };
  return { period, finish };
}

/**
 * For "da spostare", what needs no loan: each item's category and assigned courses, and the courses that
 * met a refusal or a 409 in each category, in the order they first did.
 */
function courseDemand(
  db: Db,
  items: Array<{ id: number; nome: string; categoryId: number | null }>,
  unmet: readonly UnmetEvent[],
) {
  const categoryOf = new Map(items.map((item) => [item.id, item.categoryId]));
  const wantedInCategory = new Map<number, Map<string, number>>();
  for (const event of unmet) {
    const category = categoryOf.get(event.itemId);
    if (event.corso === null || category === null || category === undefined) continue;
    const byCourse = wantedInCategory.get(category) ?? new Map<string, number>();
    byCourse.set(event.corso, (byCourse.get(event.corso) ?? 0) + 1);
    wantedInCategory.set(category, byCourse);
  }
  const coursesOf = groupBy(
    db
      .values<[number, string]>(
        sql`select ${inventarioCorsi.inventarioId}, ${corsi.nome} from ${inventarioCorsi}
          join ${corsi} on ${corsi.id} = ${inventarioCorsi.corsoId} order by ${inventarioCorsi.posizione}`,
      )
      .filter(([itemId]) => categoryOf.has(itemId)),
    ([itemId]) => itemId,
  );
  return { categoryOf, wantedInCategory, coursesOf };
}

/**
 * Items idle for their course (utilisation under LOW_USE) whose category another course, not assigned
 * to them, asked for in vain: moving or sharing them would meet that demand. Only the LISTED most wanted
 * are explained: an academy whose units are mostly idle has thousands of such pairs.
 */
function itemsToMove(wanted: ReturnType<typeof courseDemand>, articoli: DemandItem[]) {
  const moves = [];
  for (const item of articoli) {
    if (item.unita === 0 || item.utilizzo >= LOW_USE) continue;
    const category = wanted.categoryOf.get(item.inventario_id);
    const assigned = (wanted.coursesOf.get(item.inventario_id) ?? []).map(([, nome]) => nome);
    const [home] = assigned;
    if (category === null || category === undefined || !home) continue;
    for (const [corso, count] of wanted.wantedInCategory.get(category) ?? [])
      if (!assigned.includes(corso)) moves.push({ item, home, corso, count });
  }
  return moves
    .sort((a, b) => b.count - a.count || italianOrder(a.item.nome, b.item.nome))
    .slice(0, LISTED)
    .map(({ item, home, corso, count }) => ({
      inventario_id: item.inventario_id,
      nome: item.nome,
      da_corso: home,
      a_corso: corso,
      richieste_non_soddisfatte: count,
      spiegazione: `«${item.nome}» è usato al ${percent(item.utilizzo)} da ${home}, mentre ${corso} ha avuto ${unmetRequests(count)} nella stessa categoria: assegnarlo anche a ${corso} le avrebbe potute soddisfare.`,
    }));
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function countBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}
