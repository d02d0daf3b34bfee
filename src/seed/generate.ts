import type { AppContext } from "../context";
import { quotedList } from "../db/sql";
import { writeTransaction } from "../db/transaction";
import { LOAN_STATE, OPEN_LOAN_STATES, REQUEST_STATE } from "../domain/bookings";
import { COURSES, type Course } from "../domain/courses";
import { addDays, daysBetween, laterDate } from "../domain/dates";
import { DEMAND_EVENT } from "../domain/demand";
import {
  AUTOMATIC_BLOCK_REASON,
  BLOCK_AT_STRIKES,
  daysLate,
  lateReturnReason,
  strikesForDaysLate,
} from "../domain/loan-rules";
import type { UsageType } from "../domain/loan-types";
import { textKey } from "../domain/text-key";
import { defaultUnitCode } from "../domain/unit-codes";
import { CATALOG, FAULT_MESSAGES, FIRST_NAMES, SURNAMES } from "./catalog";
import { createRandom, type Random } from "./random";
import { seedWaitingLists } from "./waiting-lists";

export interface SeedOptions {
  seed?: number;
  items: number;
  /**
   * Total units, spread over the items (at least one each) roughly in proportion to the catalog's usual
   * counts. Absent: every item gets the catalog's usual count (the demo).
   */
  units?: number;
  students: number;
  /** Loans spread over the history, the last ones still open around today. */
  loans: number;
  /** Extra requests besides the ones approved into loans: pending (future dates) and rejected. */
  requests: number;
  repairs: number;
  reports: number;
  historyDays: number;
  /** The password every generated student signs in with. */
  studentPassword: string;
  /** The administrator recorded as the one who handled requests and returns. */
  adminId: number;
  /**
   * Demo mode: the random history stops two weeks ago and a fixed set of situations is staged around
   * today (due today and tomorrow, overdue, starting soon, a blocked and a warned student), so every
   * screen has something to show.
   */
  stageDemoScenarios?: boolean;
}

export interface SeedSummary {
  categories: number;
  items: number;
  units: number;
  students: number;
  loans: number;
  requests: number;
  penalties: number;
  repairs: number;
  reports: number;
  blockedStudents: number;
  /** Demand events: refusals, and bookings that met no free unit on the items with few units. */
  unmetDemand: number;
  /** Waiting-list entries around today: students in queues, and one hold offered. */
  waiting: number;
  firstStudentEmail: string;
}

interface Item {
  id: number;
  name: string;
  /** What the unit codes start with (the name, plus the copy number for repeated names). */
  codeBase: string;
  /** The day it was added, also its units' purchase date. */
  added: string;
  /** Each unit's purchase value, in euros. */
  unitValue: number;
  courses: Course[];
  usage: UsageType[];
  /** The catalog's usual number of units for this item. */
  usualUnits: number;
  /** The students of the item's courses, one list per course: whoever may borrow it. */
  borrowers: Student[][];
  borrowerCount: number;
}

interface Unit {
  /** Position in the list of all units (the order they were created in). */
  index: number;
  id: number;
  item: Item;
  /** The last day this unit is booked until; the next booking starts after it. */
  busyUntil: string;
}

interface Student {
  id: number;
  email: string;
  course: Course;
  strikes: number;
  blocked: boolean;
  name: string;
}

const REJECTION_REASONS = [
  "Attrezzatura riservata per l'esame di fine corso",
  "Richiesta troppo lunga: massimo 10 giorni",
  "Unità prenotata per un workshop del dipartimento",
];

/** True when the database already holds inventory or students: generators never touch real data. */
export function hasUserData(ctx: AppContext): boolean {
  const row = ctx.sqlite
    .query("SELECT (SELECT count(*) FROM inventario) + (SELECT count(*) FROM users WHERE ruolo = 'user') AS n")
    .get() as { n: number };
  return row.n > 0;
}

/**
 * Fills an empty database with a consistent academy: items and units, students, and a history of
 * requests, loans, returns (some late, with the strikes and blocks they earn), repairs and fault
 * reports, ending at the clock's today. Bookings of a unit never overlap, and every student's
 * strike total matches their penalty history. Written in one transaction with prepared statements;
 * every step is linear (or n log n) in the size asked for, so the benchmark's data set takes seconds.
 */
export async function seedDatabase(ctx: AppContext, options: SeedOptions): Promise<SeedSummary> {
  if (hasUserData(ctx))
    throw new Error("Il database contiene già dati: i dati di esempio vanno caricati su un database vuoto");
  if (options.units !== undefined && !(Number.isInteger(options.units) && options.units >= options.items))
    throw new Error(`Servono almeno tante unità quanti articoli (${options.items}), una per articolo`);
  const random = createRandom(options.seed ?? 2025);
  const today = ctx.clock.today();
  const nowIso = ctx.clock.now().toISOString();
  const passwordHash = await ctx.passwords.hash(options.studentPassword);
  const db = ctx.sqlite;
  const summary: SeedSummary = {
    categories: 0,
    items: 0,
    units: 0,
    students: 0,
    loans: 0,
    unmetDemand: 0,
    waiting: 0,
    requests: 0,
    penalties: 0,
    repairs: 0,
    reports: 0,
    blockedStudents: 0,
    firstStudentEmail: "",
  };

  // Raw prepared statements for speed, inside the one write transaction of the same connection.
  writeTransaction(ctx.db, () => {
    const courseIds = new Map(
      (db.query("SELECT id, nome FROM corsi").all() as Array<{ id: number; nome: Course }>).map((row) => [
        row.nome,
        row.id,
      ]),
    );
    const insertCategory = db.prepare("INSERT INTO categorie (nome) VALUES (?) RETURNING id");
    const insertItem = db.prepare(
      `INSERT INTO inventario (nome, note, posizione, fornitore, marca, modello, tipo_prestito, categoria_id, data_aggiunta)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertItemCourse = db.prepare(
      "INSERT INTO inventario_corsi (inventario_id, corso_id, posizione) VALUES (?, ?, ?)",
    );
    const insertUnit = db.prepare(
      `INSERT INTO unita (inventario_id, codice_univoco, codice_chiave, numero_serie, data_acquisto, valore)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    );

    // Inventory: walk the catalog until the requested number of items exists.
    const categoryIds = new Map<string, number>();
    for (const entry of CATALOG) {
      categoryIds.set(entry.category, (insertCategory.get(entry.category) as { id: number }).id);
    }
    summary.categories = categoryIds.size;
    const items: Item[] = [];
    const seenNames = new Map<string, number>();
    for (let index = 0; index < options.items; index++) {
      const entry = CATALOG[index % CATALOG.length] as (typeof CATALOG)[number];
      const baseName = entry.names[Math.floor(index / CATALOG.length) % entry.names.length] as string;
      const copy = (seenNames.get(baseName) ?? 0) + 1;
      seenNames.set(baseName, copy);
      const name = copy === 1 ? baseName : `${baseName} (set ${copy})`;
      const added = addDays(today, -random.int(30, options.historyDays + 30));
      // Catalog names read "Brand Model": "Canon EOS R6" is a Canon, model EOS R6.
      const [brand, ...model] = baseName.split(" ");
      const item = insertItem.get(
        name,
        random.chance(0.4) ? "Controllare la dotazione alla riconsegna" : null,
        `Scaffale ${String.fromCharCode(65 + random.int(0, 7))}${random.int(1, 9)}`,
        entry.supplier,
        brand ?? null,
        model.join(" ") || null,
        entry.loanType,
        categoryIds.get(entry.category) as number,
        added,
      ) as { id: number };
      const courses = [...entry.courses].sort(() => random.next() - 0.5).slice(0, random.int(1, entry.courses.length));
      for (const [position, course] of courses.entries()) {
        insertItemCourse.run(item.id, courseIds.get(course) as number, position);
      }
      const usage: UsageType[] =
        entry.loanType === "solo_interno"
          ? ["interno"]
          : entry.loanType === "solo_esterno"
            ? ["esterno"]
            : ["interno", "esterno"];
      items.push({
        id: item.id,
        name,
        codeBase: copy === 1 ? baseName : `${baseName}${copy}`,
        added,
        unitValue: random.int(4, 300) * 10,
        courses,
        usage,
        usualUnits: random.int(entry.units[0], entry.units[1]),
        borrowers: [],
        borrowerCount: 0,
      });
      summary.items++;
    }
    const units: Unit[] = [];
    const unitCounts =
      options.units === undefined
        ? items.map((item) => item.usualUnits)
        : spreadUnits(
            options.units,
            items.map((item) => item.usualUnits),
          );
    const historyStart = addDays(today, -options.historyDays);
    let unitSerials = 0;
    for (const [position, item] of items.entries()) {
      const count = unitCounts[position] as number;
      for (let sequence = 1; sequence <= count; sequence++) {
        const code = defaultUnitCode(item.codeBase, sequence);
        // Each unit its own serial, bought when its item was added, at about its item's price.
        const serial = `${(item.codeBase.slice(0, 3) || "SN").toUpperCase()}-${String(100000 + unitSerials++ * 7919).slice(-6)}`;
        const unit = insertUnit.get(item.id, code, textKey(code), serial, item.added, item.unitValue) as { id: number };
        units.push({ index: units.length, id: unit.id, item, busyUntil: historyStart });
      }
    }
    summary.units = units.length;

    // Students across the courses.
    const insertUser = db.prepare(
      `INSERT INTO users (email, password_hash, name, surname, matricola, phone, corso_accademico, ruolo, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'user', ?) RETURNING id`,
    );
    const students: Student[] = [];
    const studentsByCourse = new Map<Course, Student[]>();
    for (let index = 0; index < options.students; index++) {
      const name = FIRST_NAMES[index % FIRST_NAMES.length] as string;
      const surname = SURNAMES[Math.floor(index / FIRST_NAMES.length + index) % SURNAMES.length] as string;
      const email = `${name}.${surname}${index >= FIRST_NAMES.length ? index : ""}@studenti.accademia.it`
        .toLowerCase()
        .replace(/\s+/g, "");
      const course = COURSES[index % COURSES.length] as Course;
      const user = insertUser.get(
        email,
        passwordHash,
        name,
        surname,
        `AB${String(10000 + index)}`,
        random.chance(0.5) ? `+39 3${random.int(10, 99)} ${random.int(100, 999)} ${random.int(1000, 9999)}` : null,
        course,
        addDays(today, -random.int(0, options.historyDays)),
      ) as { id: number };
      const student = { id: user.id, email, course, strikes: 0, blocked: false, name: `${name} ${surname}` };
      students.push(student);
      const sameCourse = studentsByCourse.get(course);
      if (sameCourse) sameCourse.push(student);
      else studentsByCourse.set(course, [student]);
      if (index === 0) summary.firstStudentEmail = email;
    }
    summary.students = students.length;
    for (const item of items) {
      item.borrowers = item.courses.map((course) => studentsByCourse.get(course) ?? []);
      item.borrowerCount = item.borrowers.reduce((total, list) => total + list.length, 0);
    }
    /** A random student of the unit's courses, drawn as if from one list of them all (without building it). */
    const borrowerFor = (unit: Unit): Student | undefined => {
      const { borrowers, borrowerCount } = unit.item;
      if (borrowerCount === 0) return undefined;
      let position = Math.floor(random.next() * borrowerCount);
      for (const list of borrowers) {
        if (position < list.length) return list[position];
        position -= list.length;
      }
      return undefined;
    };

    const insertRequest = db.prepare(
      `INSERT INTO richieste (utente_id, inventario_id, unit_id, dal, al, tipo_utilizzo, note, stato, motivo_rifiuto, handled_by, handled_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertLoan = db.prepare(
      `INSERT INTO prestiti (utente_id, chi, utente_email, inventario_id, richiesta_id, data_uscita, data_rientro, data_restituzione, tipo_utilizzo, note, stato, created_by, created_at, consegnato_il, consegnato_da)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertLoanUnit = db.prepare(
      "INSERT INTO prestiti_unita (prestito_id, unit_id, restituita_il, condizione) VALUES (?, ?, ?, ?)",
    );
    // Unmet demand, as the server records it (src/modules/demand/events.ts): a student older than twelve
    // months is forgotten, the course stays.
    const insertDemand = db.prepare(
      `INSERT INTO domanda_eventi (tipo, utente_id, corso, inventario_id, dal, al, testo, giorno, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const personalSince = addDays(today, -365);
    const recordDemand = (
      tipo: string,
      student: Student,
      itemId: number,
      start: string,
      end: string,
      day: string,
      text: string | null,
    ) =>
      insertDemand.run(
        tipo,
        day >= personalSince ? student.id : null,
        student.course,
        itemId,
        start,
        end,
        text,
        day,
        stamp(day),
      );
    const lateReturns: Array<{ student: Student; loanId: number; itemName: string; due: string; returned: string }> =
      [];
    const stamp = (day: string, hour = 10) =>
      `${day}T${String(hour).padStart(2, "0")}:${String(random.int(0, 59)).padStart(2, "0")}:00.000Z`;

    /**
     * Books `unit` for `student` from `start` to `end`, returned on `returned` (null: still out).
     * Refuses (returns false) when the unit is still busy on `start`: bookings never overlap.
     */
    function bookLoan(unit: Unit, student: Student, start: string, end: string, returned: string | null): boolean {
      if (start <= unit.busyUntil) return false;
      const usage = end === start ? (unit.item.usage.includes("interno") ? "interno" : "esterno") : "esterno";
      const state = returned ? LOAN_STATE.returned : end < today ? LOAN_STATE.overdue : LOAN_STATE.active;
      const viaRequest = random.chance(0.6);
      const requestId = viaRequest
        ? (
            insertRequest.get(
              student.id,
              unit.item.id,
              unit.id,
              start,
              end,
              usage,
              null,
              REQUEST_STATE.approved,
              null,
              options.adminId,
              stamp(addDays(start, -1), 15),
              stamp(addDays(start, -random.int(1, 4))),
            ) as { id: number }
          ).id
        : null;
      const loan = insertLoan.get(
        student.id,
        student.name,
        student.email,
        unit.item.id,
        requestId,
        start,
        end,
        returned,
        usage,
        viaRequest ? null : "Prestito diretto - 1 unità",
        state,
        options.adminId,
        stamp(addDays(start, -1), 16),
        // Loans that have started were collected at the desk that morning; later ones wait.
        start <= today ? stamp(start, 8) : null,
        start <= today ? options.adminId : null,
      ) as { id: number };
      insertLoanUnit.run(loan.id, unit.id, returned, returned ? "ok" : null);
      summary.loans++;
      if (requestId) summary.requests++;
      // An unreturned overdue loan keeps its unit until it comes back.
      unit.busyUntil = returned ?? (end < today ? addDays(today, 3650) : end);
      if (returned && daysLate(end, returned) > 0)
        lateReturns.push({ student, loanId: loan.id, itemName: unit.item.name, due: end, returned });
      return true;
    }

    // History: each unit's loans follow each other in time; items are not all wanted alike (seedDemand).
    const historyEnd = options.stageDemoScenarios ? addDays(today, -16) : today;
    const demand = seedDemand(items, units, { historyStart, historyEnd, today, loans: options.loans });
    // The demo's first three students have their record staged below (clean, blocked, warned): no late
    // return of the history adds to it.
    const staged = new Set(options.stageDemoScenarios ? students.slice(0, 3) : []);
    const borrowerOf = (planned: PlannedLoan) => {
      const late = planned.returned !== null && planned.returned > planned.end;
      let student = borrowerFor(planned.unit);
      for (let draw = 0; late && student && staged.has(student) && draw < 5; draw++)
        student = borrowerFor(planned.unit);
      return student && !(late && staged.has(student)) ? student : undefined;
    };
    for (const planned of demand.history) {
      const student = borrowerOf(planned);
      if (!student || !bookLoan(planned.unit, student, planned.start, planned.end, planned.returned)) continue;
      // A classmate wanted the same days and found every unit taken: mostly on the items students fight
      // over, now and then on an item with few units.
      const rival = random.chance(demand.rivalChance(planned.unit.item)) ? borrowerFor(planned.unit) : undefined;
      if (rival && rival !== student) {
        recordDemand(
          DEMAND_EVENT.noFreeUnit,
          rival,
          planned.unit.item.id,
          planned.start,
          planned.end,
          addDays(planned.start, -random.int(1, 5)),
          null,
        );
        summary.unmetDemand++;
      }
    }

    if (options.stageDemoScenarios) {
      const first = students[0];
      const free = () => units.filter((unit) => unit.busyUntil < addDays(today, -15));
      const unitFor = (student: Student | undefined) =>
        free().find((unit) => !student || unit.item.courses.includes(student.course));
      const stage = (start: number, end: number, returned: number | null, student?: Student) => {
        const unit = unitFor(student);
        const borrower = student ?? (unit ? borrowerFor(unit) : undefined);
        if (unit && borrower)
          bookLoan(
            unit,
            borrower,
            addDays(today, start),
            addDays(today, end),
            returned === null ? null : addDays(today, returned),
          );
      };
      stage(-2, 1, null, first); // the demo student holds something due tomorrow
      for (const [start, end] of [
        [-9, -4],
        [-8, -2],
        [-6, -1],
      ])
        stage(start as number, end as number, null); // overdue
      for (let i = 0; i < 2; i++) stage(-4, 0, null); // due today
      for (let i = 0; i < 2; i++) stage(-2, 1, null); // due tomorrow
      for (let i = 0; i < 4; i++) stage(-1, 6, null); // out this week
      for (let i = 0; i < 2; i++) stage(3, 7, null); // approved, starting soon
      const blocked = students[1];
      const warned = students[2];
      if (blocked) stage(-14, -12, -3, blocked); // 9 days late: three strikes, blocked
      if (warned) stage(-13, -10, -5, warned); // 5 days late: two strikes
    }

    // Penalties in the order the returns happened; a block older than two months was lifted at the desk.
    const insertPenalty = db.prepare(
      `INSERT INTO penalita (utente_id, prestito_id, articolo_nome, motivo, giorni_ritardo, strike_assegnati, created_by, created_at, azzerata_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
    );
    const clearPenalties = db.prepare(
      "UPDATE penalita SET azzerata_at = ? WHERE utente_id = ? AND azzerata_at IS NULL",
    );
    lateReturns.sort((a, b) => a.returned.localeCompare(b.returned));
    for (const late of lateReturns) {
      const days = daysLate(late.due, late.returned);
      const strikes = strikesForDaysLate(days);
      insertPenalty.run(
        late.student.id,
        late.loanId,
        late.itemName,
        lateReturnReason(days),
        days,
        strikes,
        options.adminId,
        stamp(late.returned, 11),
      );
      summary.penalties++;
      late.student.strikes += strikes;
      if (late.student.strikes >= BLOCK_AT_STRIKES) {
        if (late.returned < addDays(today, -60)) {
          clearPenalties.run(stamp(addDays(late.returned, 14), 9), late.student.id);
          late.student.strikes = 0;
        } else late.student.blocked = true;
      }
    }
    const updateStanding = db.prepare(
      "UPDATE users SET penalty_strikes = ?, is_blocked = ?, blocked_reason = ? WHERE id = ?",
    );
    for (const student of students.filter((s) => s.strikes > 0 || s.blocked)) {
      updateStanding.run(
        student.strikes,
        student.blocked ? 1 : 0,
        student.blocked ? AUTOMATIC_BLOCK_REASON : null,
        student.id,
      );
    }
    summary.blockedStudents = students.filter((student) => student.blocked).length;

    // Requests still waiting (future dates on free units), and past ones refused by the desk or withdrawn.
    const freeUnits = createFreeUnitIndex(units, today);
    for (let index = 0; index < options.requests; index++) {
      const past = index % 3 === 2;
      const withdrawn = index % 6 === 5;
      const unit = freeUnits.pick(random) ?? random.pick(units);
      const student = borrowerFor(unit);
      if (!student || student.blocked) continue;
      const usage = random.pick(unit.item.usage);
      if (past) {
        const start = addDays(today, -random.int(5, options.historyDays));
        const end = usage === "interno" ? start : addDays(start, 3);
        const reason = random.pick(REJECTION_REASONS);
        insertRequest.run(
          student.id,
          unit.item.id,
          unit.id,
          start,
          end,
          usage,
          "Per il progetto di fine semestre",
          withdrawn ? REQUEST_STATE.cancelled : REQUEST_STATE.refused,
          withdrawn ? null : reason,
          withdrawn ? null : options.adminId,
          stamp(addDays(start, -1), 12),
          stamp(addDays(start, -2)),
        );
        if (!withdrawn) {
          recordDemand(DEMAND_EVENT.refused, student, unit.item.id, start, end, addDays(start, -1), reason);
          summary.unmetDemand++;
        }
      } else {
        const start = addDays(laterDate(unit.busyUntil, today), random.int(1, 10));
        const end = usage === "interno" ? start : addDays(start, random.int(1, 7));
        insertRequest.run(
          student.id,
          unit.item.id,
          unit.id,
          start,
          end,
          usage,
          "Mi serve per le riprese del corto",
          REQUEST_STATE.pending,
          null,
          null,
          null,
          new Date(Date.parse(nowIso) - random.int(1, 72) * 3_600_000).toISOString(),
        );
        unit.busyUntil = end;
        freeUnits.remove(unit);
      }
      summary.requests++;
    }

    // Repairs: finished ones in the past, and a few units in the workshop now (units free from today).
    const insertRepair = db.prepare(
      `INSERT INTO riparazioni (inventario_id, unit_id, descrizione, note_tecniche, priorita, stato, data_inizio, data_fine, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertReport = db.prepare(
      `INSERT INTO segnalazioni (user_id, inventario_id, unit_id, prestito_id, tipo, urgenza, messaggio, stato, riparazione_id, handled_by, handled_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let index = 0; index < options.repairs; index++) {
      const inProgress = index % 4 === 0;
      const unit = inProgress ? freeUnits.pick(random) : random.pick(units);
      if (!unit) continue;
      const startDay = inProgress
        ? addDays(today, -random.int(0, 6))
        : addDays(today, -random.int(20, options.historyDays));
      const message = random.pick(FAULT_MESSAGES);
      insertRepair.run(
        unit.item.id,
        unit.id,
        message,
        "Verificare con l'assistenza del fornitore",
        random.pick(["bassa", "media", "alta", "critica"]),
        inProgress ? "in_corso" : random.chance(0.85) ? "completata" : "annullata",
        startDay,
        inProgress ? null : addDays(startDay, random.int(1, 14)),
        options.adminId,
        stamp(startDay, 9),
      );
      if (inProgress) {
        unit.busyUntil = addDays(today, 3650);
        freeUnits.remove(unit);
      }
      summary.repairs++;
    }

    // Fault reports on loans that are out now.
    const openLoans = db
      .query(
        `SELECT p.id, p.utente_id, p.inventario_id, pu.unit_id FROM prestiti p JOIN prestiti_unita pu ON pu.prestito_id = p.id
         WHERE p.stato IN ${quotedList(OPEN_LOAN_STATES)} AND p.data_uscita <= ? AND p.utente_id IS NOT NULL ORDER BY p.id LIMIT ?`,
      )
      .all(today, options.reports) as Array<{ id: number; utente_id: number; inventario_id: number; unit_id: number }>;
    for (const [index, loan] of openLoans.entries()) {
      const state = index % 3 === 0 ? "in_corso" : "aperta";
      insertReport.run(
        loan.utente_id,
        loan.inventario_id,
        loan.unit_id,
        loan.id,
        random.pick(["guasto", "danneggiamento", "malfunzionamento"]),
        random.pick(["bassa", "media", "alta", "critica"]),
        random.pick(FAULT_MESSAGES),
        state,
        null,
        state === "aperta" ? null : options.adminId,
        state === "aperta" ? null : nowIso,
        new Date(Date.parse(nowIso) - random.int(1, 96) * 3_600_000).toISOString(),
      );
      summary.reports++;
    }
    // The first student (the demo's) heads every queue they may join, so the demo shows their place and hold.
    const first = students[0];
    summary.waiting = seedWaitingLists(ctx, {
      today,
      now: ctx.clock.now(),
      items: items.map((item) => {
        const borrowers = item.borrowers.flat();
        return {
          id: item.id,
          usage: item.usage,
          borrowers:
            first && borrowers.includes(first) ? [first, ...borrowers.filter((other) => other !== first)] : borrowers,
        };
      }),
      holder: first,
      recordQueued: (student, itemId, dal, al) => {
        recordDemand(DEMAND_EVENT.queued, student, itemId, dal, al, today, null);
        summary.unmetDemand++;
      },
    });
    // A new academy: no process has counted its items yet, so the journal of changed items starts empty.
    db.exec("DELETE FROM item_changes");
  });
  return summary;
}

/**
 * `total` units over items whose usual counts are `usual`: one each, the rest in proportion to the usual
 * counts (largest remainders first, so the counts add up exactly).
 */
export function spreadUnits(total: number, usual: number[]): number[] {
  if (usual.length === 0) return [];
  const extra = total - usual.length;
  const weight = usual.reduce((sum, value) => sum + value, 0);
  const shares = usual.map((value) => (extra * value) / weight);
  const counts = shares.map((share) => 1 + Math.floor(share));
  let left = total - counts.reduce((sum, value) => sum + value, 0);
  const byRemainder = shares
    .map((share, position) => ({ position, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.position - b.position);
  for (const { position } of byRemainder) {
    if (left-- <= 0) break;
    counts[position] = (counts[position] as number) + 1;
  }
  return counts;
}

/**
 * The units free from `today` on (nothing booked from today), in creation order, as a Fenwick tree:
 * drawing one at random and taking one out both cost O(log n) instead of a scan of every unit.
 * A draw picks the same unit a draw from the filtered list would.
 */
function createFreeUnitIndex(units: Unit[], today: string) {
  const size = units.length;
  const tree = new Int32Array(size + 1);
  const free = new Uint8Array(size);
  let count = 0;
  for (const unit of units) {
    if (unit.busyUntil >= today) continue;
    free[unit.index] = 1;
    tree[unit.index + 1] = 1;
    count++;
  }
  for (let node = 1; node <= size; node++) {
    const parent = node + (node & -node);
    if (parent <= size) tree[parent] = (tree[parent] as number) + (tree[node] as number);
  }
  let topStep = 1;
  while (topStep * 2 <= size) topStep *= 2;
  return {
    /** A uniformly drawn free unit, or undefined (drawing nothing) when none is free. */
    pick(random: Random): Unit | undefined {
      if (count === 0) return undefined;
      let rank = Math.floor(random.next() * count) + 1;
      let position = 0;
      for (let step = topStep; step > 0; step >>= 1) {
        const next = position + step;
        if (next <= size && (tree[next] as number) < rank) {
          position = next;
          rank -= tree[next] as number;
        }
      }
      return units[position];
    },
    remove(unit: Unit): void {
      if (!free[unit.index]) return;
      free[unit.index] = 0;
      count--;
      for (let node = unit.index + 1; node <= size; node += node & -node) tree[node] = (tree[node] as number) - 1;
    },
  };
}

/** How much an item is wanted: out nearly every day, now and then, or hardly ever. */
type Popularity = "wanted" | "regular" | "rare";

/** A rare item's gap between two loans of a unit, in regular gaps. */
const RARE_GAP_FACTOR = 5;
/** The share of the loans the wanted items take, at most: the rest spreads over the others. */
const WANTED_LOAN_SHARE = 0.45;
/** The loans of the history that came back late: one in two hundred, so strikes stay the exception. */
const LATE_SHARE = 0.005;
/** How many more loans the history is drawn with than asked for, before the extra ones are dropped. */
const DRAWN_MARGIN = 1.1;

interface PlannedLoan {
  unit: Unit;
  start: string;
  end: string;
  /** The day it came back; null while out (due later, or overdue and never returned). */
  returned: string | null;
}

/**
 * The history's demand: about one item in six is wanted (its units go out again a day or three after
 * coming back, and classmates often find them taken), two in five are rare, the rest regular, with the
 * regular gap chosen so that the loans asked for spread over the whole history. Each unit's loans are drawn
 * from the history's start to its end, a few more than asked; the extra ones, drawn at random, are dropped,
 * so the loans thin evenly instead of stopping early. Drawn from a generator of its own, so the rest of the
 * data set stays what the seed made it.
 */
function seedDemand(
  items: Item[],
  units: Unit[],
  options: { historyStart: string; historyEnd: string; today: string; loans: number },
) {
  const random = createRandom(0x5eed);
  const days = Math.max(1, daysBetween(options.historyStart, options.historyEnd));
  /** Days a unit of the item is out per loan, on average (a day of internal use counts as none). */
  const loanDays = (item: Item) => (item.usage.includes("esterno") ? 5.5 : 0);
  const unitsOf = new Map<Item, number>();
  for (const unit of units) unitsOf.set(unit.item, (unitsOf.get(unit.item) ?? 0) + 1);
  const wanted = options.loans * DRAWN_MARGIN;
  const popularity = new Map<Item, Popularity>();
  let wantedLoans = 0;
  for (const item of items) {
    const draw = random.next();
    const loansHere = ((unitsOf.get(item) ?? 0) * days) / (loanDays(item) + 2);
    const kind: Popularity =
      draw < 0.17 && wantedLoans + loansHere <= WANTED_LOAN_SHARE * wanted
        ? "wanted"
        : draw < 0.45
          ? "rare"
          : "regular";
    if (kind === "wanted") wantedLoans += loansHere;
    popularity.set(item, kind);
  }
  // The regular gap that spends the rest of the loans over the history: the larger the gap, the fewer loans.
  const loansWith = (gap: number) => {
    let total = wantedLoans;
    for (const item of items) {
      const kind = popularity.get(item);
      if (kind === "wanted") continue;
      total += ((unitsOf.get(item) ?? 0) * days) / (loanDays(item) + (kind === "rare" ? gap * RARE_GAP_FACTOR : gap));
    }
    return total;
  };
  let low = 1;
  let high = days * 4;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (loansWith(middle) > wanted) low = middle;
    else high = middle;
  }
  const gapBefore = (item: Item, regularGap: number): number => {
    const kind = popularity.get(item);
    if (kind === "wanted") return random.int(1, 3);
    const meanGap = kind === "rare" ? regularGap * RARE_GAP_FACTOR : regularGap;
    return random.int(1, Math.max(1, Math.round(2 * meanGap - 1)));
  };
  const draw = (regularGap: number) => {
    const history: PlannedLoan[] = [];
    for (const unit of units) {
      let free = options.historyStart;
      for (;;) {
        const start = addDays(free, gapBefore(unit.item, regularGap));
        if (start > options.historyEnd) break;
        const end = unit.item.usage.includes("esterno") ? addDays(start, random.int(1, 10)) : start;
        const finished = addDays(end, random.chance(LATE_SHARE) ? random.int(1, 10) : 0);
        // Loans whose (late) return would fall after today are still out, some of them overdue; an overdue
        // one never returned keeps its unit.
        const returned = finished < options.today ? finished : null;
        history.push({ unit, start, end, returned });
        if (returned === null) break;
        free = returned;
      }
    }
    return history;
  };
  let history = draw(high);
  for (let gap = high * 0.8; history.length < options.loans && gap >= 1; gap *= 0.8) history = draw(gap);
  // Drop the extra loans at random, never one still out (the staged days around today rely on them).
  while (history.length > options.loans) {
    const index = random.int(0, history.length - 1);
    if (history[index]?.returned === null) continue;
    history[index] = history[history.length - 1] as PlannedLoan;
    history.pop();
  }
  history.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.unit.index - b.unit.index));
  return {
    history,
    /** How often a loan of the item had a classmate find every unit taken. */
    rivalChance(item: Item): number {
      if (popularity.get(item) === "wanted") return 0.4;
      return item.usualUnits <= 2 ? 0.05 : 0;
    },
  };
}
