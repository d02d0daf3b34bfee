import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
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
import { badRequest } from "../../http/errors";
import { readSettings } from "../settings/service";
import type { DemandItem, DemandQuery, DemandReport } from "./demand-model";

const DEFAULT_DAYS = 90;
/** The longest "poco usati" and "da spostare" lists: the worst first; a large academy has thousands. */
const LISTED = 100;
const LONGEST_PERIOD_DAYS = 366;

const rounded = (value: number) => Math.round(value * 1000) / 1000;
const percent = (value: number) => `${Math.round(value * 100)}%`;

/** The period asked: the last 90 days by default, a year at most. */
export function demandPeriod(today: string, query: DemandQuery) {
  const al = query.al ?? today;
  const dal = query.dal ?? addDays(al, -(DEFAULT_DAYS - 1));
  if (dal > al) throw badRequest("La data di inizio non può seguire quella di fine");
  if (daysBetween(dal, al) > LONGEST_PERIOD_DAYS) throw badRequest("Il periodo è lungo al massimo un anno");
  return { dal, al };
}

const earlierDate = (a: string, b: string) => (a < b ? a : b);

/** The days of [from, to] that also lie in [first, last], one by one. */
function* daysWithin(from: string, to: string, first: string, last: string) {
  const start = laterDate(from, first);
  const end = earlierDate(to, last);
  for (let day = start; day <= end; day = addDays(day, 1)) yield day;
}

interface Wanted extends WantedDays {
  itemId: number;
  at: string;
}

/**
 * The demand report over a period: per item, what was asked and what was not met, how much its units were
 * out, its queue and its weeks of demand against capacity; then what to buy (from the replay of the
 * period's bookings with more units), the units hardly used, and the items idle for one course and wanted
 * by another. Every figure is defined in docs/decisions/demand-report-figures.md.
 */
export function demandReport(ctx: AppContext, query: DemandQuery): DemandReport {
  const today = ctx.clock.today();
  const { dal, al } = demandPeriod(today, query);
  const last = earlierDate(al, today);
  const course = query.corso?.trim() || null;
  const categoryId = query.categoria ? Number(query.categoria) : null;
  const target = query.quota === undefined ? DEFAULT_TARGET_SHARE : Number(query.quota) / 100;
  const db = ctx.db;
  const settings = readSettings(db);

  const items = db
    .select({ id: inventario.id, nome: inventario.nome, categoryId: inventario.categoriaId })
    .from(inventario)
    .where(and(isNull(inventario.archivedAt), categoryId === null ? undefined : eq(inventario.categoriaId, categoryId)))
    .all();
  const itemIds = items.map((item) => item.id);
  const units = db
    .select({ id: unita.id, itemId: unita.inventarioId, code: unita.codiceUnivoco })
    .from(unita)
    .where(and(inArray(unita.inventarioId, itemIds), isNull(unita.archivedAt), eq(unita.perso, false)))
    .all();
  const unitIds = units.map((unit) => unit.id);

  // The days each unit could go out: open, and not in repair.
  // The period's days by position, so that a range of days is two lookups: open days counted by prefix
  // sums and each day's week read from an array, instead of parsing dates day by day.
  const periodDays = [...daysWithin(dal, al, dal, al)];
  const dayIndex = new Map(periodDays.map((day, index) => [day, index]));
  const weekOfDay = periodDays.map((day) => startOfIsoWeek(day));
  const isOpen = periodDays.map((day) => isOpenDay(settings, day));
  const openBefore = [0];
  for (const open of isOpen) openBefore.push((openBefore[openBefore.length - 1] ?? 0) + (open ? 1 : 0));
  /** The positions of the days of [from, to] within [dal, upTo], or null when none lies there. */
  const positions = (from: string, to: string, upTo = al): [number, number] | null => {
    const first = laterDate(from, dal);
    const lastDay = earlierDate(to, upTo);
    if (first > lastDay) return null;
    return [dayIndex.get(first) ?? 0, dayIndex.get(lastDay) ?? 0];
  };
  const openDays = periodDays.filter((_, index) => isOpen[index]);
  const inRepair = new Map<number, Set<string>>();
  for (const repair of db
    .select({ unitId: riparazioni.unitId, from: riparazioni.dataInizio, to: riparazioni.dataFine })
    .from(riparazioni)
    .where(
      and(
        inArray(riparazioni.unitId, unitIds),
        lte(riparazioni.dataInizio, al),
        sql`coalesce(${riparazioni.dataFine}, ${al}) >= ${dal}`,
      ),
    )
    .all()) {
    const days = inRepair.get(repair.unitId) ?? new Set<string>();
    for (const day of daysWithin(repair.from.slice(0, 10), (repair.to ?? al).slice(0, 10), dal, al)) days.add(day);
    inRepair.set(repair.unitId, days);
  }

  // Days out: the units of loans handed over, from their start to their return (today while still out).
  const outDays = new Map<number, number>();
  for (const loan of db
    .select({
      unitId: prestitiUnita.unitId,
      from: prestiti.dataUscita,
      back: sql<string>`coalesce(${prestitiUnita.restituitaIl}, ${prestiti.dataRestituzione}, ${today})`,
    })
    .from(prestitiUnita)
    .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
    .where(
      and(
        inArray(prestitiUnita.unitId, unitIds),
        isNotNull(prestiti.consegnatoIl),
        lte(prestiti.dataUscita, last),
        sql`coalesce(${prestitiUnita.restituitaIl}, ${prestiti.dataRestituzione}, ${today}) >= ${dal}`,
      ),
    )
    .all()) {
    const range = positions(loan.from, loan.back.slice(0, 10), last);
    if (!range) continue;
    const repairs = inRepair.get(loan.unitId);
    let days = (openBefore[range[1] + 1] ?? 0) - (openBefore[range[0]] ?? 0);
    if (repairs)
      for (let index = range[0]; index <= range[1]; index++)
        if (isOpen[index] && repairs.has(periodDays[index] as string)) days--;
    outDays.set(loan.unitId, (outDays.get(loan.unitId) ?? 0) + days);
  }
  const openDaysSoFar = openDays.filter((day) => day <= last);
  const availableDays = (unitId: number) => {
    const repairs = inRepair.get(unitId);
    return repairs ? openDaysSoFar.filter((day) => !repairs.has(day)).length : openDaysSoFar.length;
  };
  const openDaySet = new Set(openDays);
  const openDaysByWeek = countBy(openDays, (day) => startOfIsoWeek(day));
  const isOpenWeekDay = (day: string, week: string) => openDaySet.has(day) && startOfIsoWeek(day) === week;
  const lastLoan = new Map(
    db
      .select({ unitId: prestitiUnita.unitId, day: sql<string>`max(${prestiti.dataUscita})` })
      .from(prestitiUnita)
      .innerJoin(prestiti, eq(prestiti.id, prestitiUnita.prestitoId))
      .where(
        and(inArray(prestitiUnita.unitId, unitIds), isNotNull(prestiti.consegnatoIl), lte(prestiti.dataUscita, today)),
      )
      .groupBy(prestitiUnita.unitId)
      .all()
      .map((row) => [row.unitId, row.day]),
  );

  // What was asked for days of the period: every request made, and every booking that met no free unit.
  const requests: Wanted[] = db
    .select({ itemId: richieste.inventarioId, dal: richieste.dal, al: richieste.al, at: richieste.createdAt })
    .from(richieste)
    .leftJoin(users, eq(users.id, richieste.utenteId))
    .where(
      and(
        inArray(richieste.inventarioId, itemIds),
        // Asked for days of the period; a request the student withdrew is no demand.
        lte(richieste.dal, al),
        gte(richieste.al, dal),
        ne(richieste.stato, REQUEST_STATE.cancelled),
        course === null ? undefined : eq(users.corsoAccademico, course),
      ),
    )
    .all();
  const unmet = db
    .select({
      tipo: domandaEventi.tipo,
      itemId: domandaEventi.inventarioId,
      dal: domandaEventi.dal,
      al: domandaEventi.al,
      at: domandaEventi.createdAt,
      corso: domandaEventi.corso,
    })
    .from(domandaEventi)
    .where(
      and(
        lte(domandaEventi.dal, al),
        gte(domandaEventi.al, dal),
        inArray(domandaEventi.tipo, [DEMAND_EVENT.noFreeUnit, DEMAND_EVENT.refused]),
        course === null ? undefined : eq(domandaEventi.corso, course),
      ),
    )
    .all()
    .filter((event) => event.itemId !== null && event.dal !== null && event.al !== null);
  const noFreeUnit: Wanted[] = unmet
    .filter((event) => event.tipo === DEMAND_EVENT.noFreeUnit)
    .map((event) => ({
      itemId: event.itemId as number,
      dal: event.dal as string,
      al: event.al as string,
      at: event.at,
    }));
  const wantedByItem = groupBy(
    [...requests, ...noFreeUnit].sort((a, b) => a.at.localeCompare(b.at)),
    (w) => w.itemId,
  );
  const unmetByItem = groupBy(unmet, (event) => event.itemId as number);

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

  const unitsByItem = groupBy(units, (unit) => unit.itemId);
  const weekStarts = [...new Set(openDays.length ? [...daysWithin(dal, al, dal, al)].map(startOfIsoWeek) : [])];
  const articoli: DemandItem[] = [];
  const useByUnit = new Map<number, { out: number; available: number }>();
  for (const item of items) {
    const itemUnits = unitsByItem.get(item.id) ?? [];
    const wanted = wantedByItem.get(item.id) ?? [];
    const itemUnmet = unmetByItem.get(item.id) ?? [];
    let out = 0;
    let available = 0;
    for (const unit of itemUnits) {
      const use = { out: outDays.get(unit.id) ?? 0, available: availableDays(unit.id) };
      useByUnit.set(unit.id, use);
      out += use.out;
      available += use.available;
    }
    // Demand per week in unit-days, by walking each booking's days once; capacity from the open days of
    // each week, less the days each unit spent in repair.
    const demandByWeek = new Map<string, number>();
    for (const booking of wanted) {
      const range = positions(booking.dal, booking.al);
      if (!range) continue;
      for (let index = range[0]; index <= range[1]; index++) {
        const week = weekOfDay[index] as string;
        demandByWeek.set(week, (demandByWeek.get(week) ?? 0) + 1);
      }
    }
    const settimane = weekStarts.map((week) => {
      let capacita = (openDaysByWeek.get(week) ?? 0) * itemUnits.length;
      for (const unit of itemUnits)
        for (const day of inRepair.get(unit.id) ?? []) if (isOpenWeekDay(day, week)) capacita--;
      return { settimana: week, domanda: demandByWeek.get(week) ?? 0, capacita };
    });
    if (wanted.length === 0 && itemUnits.length === 0) continue;
    const peak = settimane.reduce<(typeof settimane)[number] | null>(
      (best, week) => (week.domanda > 0 && (!best || week.domanda > best.domanda) ? week : best),
      null,
    );
    articoli.push({
      inventario_id: item.id,
      nome: item.nome,
      unita: itemUnits.length,
      richieste: wanted.length,
      richieste_non_soddisfatte: itemUnmet.length,
      giorni_non_soddisfatti: itemUnmet.reduce(
        (sum, event) => sum + daysBetween(event.dal as string, event.al as string) + 1,
        0,
      ),
      utilizzo: available === 0 ? 0 : rounded(out / available),
      in_coda: queued.get(item.id) ?? 0,
      dalla_coda_al_prestito: queueToLoan.get(item.id) ?? 0,
      settimana_di_punta: peak?.settimana ?? null,
      settimane,
    });
  }
  articoli.sort(
    (a, b) =>
      b.giorni_non_soddisfatti - a.giorni_non_soddisfatti ||
      b.richieste - a.richieste ||
      a.nome.localeCompare(b.nome, "it"),
  );

  const da_acquistare = articoli
    .filter((item) => item.giorni_non_soddisfatti >= UNMET_DAYS_TO_BUY)
    .map((item) => {
      const wanted = wantedByItem.get(item.inventario_id) ?? [];
      const { extra, share } = extraUnitsFor(wanted, item.unita, target);
      const now = shareMet(wanted, item.unita);
      return {
        inventario_id: item.inventario_id,
        nome: item.nome,
        unita_in_piu: extra,
        quota_soddisfatta: rounded(share),
        quota_attuale: rounded(now),
        spiegazione:
          extra === 0
            ? `«${item.nome}»: ${item.richieste_non_soddisfatte} richieste non soddisfatte per ${item.giorni_non_soddisfatti} giorni, ma riordinando le date le ${item.unita} unità di oggi ne avrebbero soddisfatto il ${percent(now)}.`
            : `«${item.nome}»: ${item.richieste_non_soddisfatte} richieste non soddisfatte per ${item.giorni_non_soddisfatti} giorni. Con ${extra} ${extra === 1 ? "unità" : "unità"} in più il periodo avrebbe soddisfatto il ${percent(share)} delle richieste (con le ${item.unita} di oggi il ${percent(now)}).`,
      };
    })
    .filter((item) => item.unita_in_piu > 0);

  const itemNames = new Map(items.map((item) => [item.id, item.nome]));
  const poco_usati = units
    .flatMap((unit) => {
      const use = useByUnit.get(unit.id) ?? { out: 0, available: 0 };
      if (use.available === 0 || use.out / use.available >= LOW_USE) return [];
      const lastDay = lastLoan.get(unit.id) ?? null;
      const nome = itemNames.get(unit.itemId) ?? "";
      return [
        {
          unit_id: unit.id,
          codice_univoco: unit.code,
          inventario_id: unit.itemId,
          nome,
          utilizzo: rounded(use.out / use.available),
          ultimo_prestito: lastDay,
          spiegazione: `${unit.code} (${nome}) è stata fuori ${use.out} giorni su ${use.available} disponibili; ${lastDay ? `ultimo prestito il ${formatItalianDate(lastDay)}` : "mai prestata"}.`,
        },
      ];
    })
    .sort((a, b) => a.utilizzo - b.utilizzo || a.codice_univoco.localeCompare(b.codice_univoco, "it"))
    .slice(0, LISTED);

  return { dal, al, articoli, da_acquistare, poco_usati, da_spostare: itemsToMove(ctx, items, articoli, unmet) };
}

/**
 * Items idle for their course (utilisation under LOW_USE) whose category another course, not assigned
 * to them, asked for in vain: moving or sharing them would meet that demand.
 */
function itemsToMove(
  ctx: AppContext,
  items: Array<{ id: number; nome: string; categoryId: number | null }>,
  articoli: DemandItem[],
  unmet: Array<{ itemId: number | null; corso: string | null }>,
) {
  const idle = articoli.filter((item) => item.unita > 0 && item.utilizzo < LOW_USE);
  if (idle.length === 0) return [];
  const categoryOf = new Map(items.map((item) => [item.id, item.categoryId]));
  const coursesOf = groupBy(
    ctx.db
      .select({ itemId: inventarioCorsi.inventarioId, nome: corsi.nome, posizione: inventarioCorsi.posizione })
      .from(inventarioCorsi)
      .innerJoin(corsi, eq(corsi.id, inventarioCorsi.corsoId))
      .where(
        inArray(
          inventarioCorsi.inventarioId,
          idle.map((item) => item.inventario_id),
        ),
      )
      .orderBy(inventarioCorsi.posizione)
      .all(),
    (row) => row.itemId,
  );
  const moves = [];
  for (const item of idle) {
    const category = categoryOf.get(item.inventario_id);
    const assigned = (coursesOf.get(item.inventario_id) ?? []).map((row) => row.nome);
    const [home] = assigned;
    if (category === null || category === undefined || !home) continue;
    const wantedBy = countBy(
      unmet.filter(
        (event) =>
          event.corso !== null &&
          !assigned.includes(event.corso) &&
          event.itemId !== null &&
          categoryOf.get(event.itemId) === category,
      ),
      (event) => event.corso as string,
    );
    for (const [corso, count] of wantedBy)
      moves.push({
        inventario_id: item.inventario_id,
        nome: item.nome,
        da_corso: home,
        a_corso: corso,
        richieste_non_soddisfatte: count,
        spiegazione: `«${item.nome}» è usato al ${percent(item.utilizzo)} da ${home}, mentre ${corso} ha avuto ${count} ${count === 1 ? "richiesta non soddisfatta" : "richieste non soddisfatte"} nella stessa categoria: assegnarlo anche a ${corso} le avrebbe potute soddisfare.`,
      });
  }
  return moves
    .sort((a, b) => b.richieste_non_soddisfatte - a.richieste_non_soddisfatte || a.nome.localeCompare(b.nome, "it"))
    .slice(0, LISTED);
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return groups;
}

function countBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, number> {
  const counts = new Map<K, number>();
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return counts;
}
