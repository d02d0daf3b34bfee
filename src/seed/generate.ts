import type { AppContext } from "../context";
import { COURSES, type Course } from "../domain/courses";
import { addDays, laterDate } from "../domain/dates";
import {
  AUTOMATIC_BLOCK_REASON,
  BLOCK_AT_STRIKES,
  daysLate,
  lateReturnReason,
  strikesForDaysLate,
} from "../domain/loan-rules";
import type { UsageType } from "../domain/loan-types";
import { defaultUnitCode } from "../domain/unit-codes";
import { CATALOG, FAULT_MESSAGES, FIRST_NAMES, SURNAMES } from "./catalog";
import { createRandom } from "./random";

export interface SeedOptions {
  seed?: number;
  items: number;
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
  firstStudentEmail: string;
}

interface Unit {
  id: number;
  itemId: number;
  itemName: string;
  courses: Course[];
  usage: UsageType[];
  /** The last day this unit is booked until; the next booking starts after it. */
  busyUntil: string;
}

interface Student {
  id: number;
  course: Course;
  strikes: number;
  blocked: boolean;
  name: string;
}

const DEMO_REJECTION_REASONS = [
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
 * strike total matches their penalty history. Written in one transaction with prepared statements.
 */
export async function seedDatabase(ctx: AppContext, options: SeedOptions): Promise<SeedSummary> {
  if (hasUserData(ctx))
    throw new Error("Il database contiene già dati: i dati di esempio vanno caricati su un database vuoto");
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
    requests: 0,
    penalties: 0,
    repairs: 0,
    reports: 0,
    blockedStudents: 0,
    firstStudentEmail: "",
  };

  db.transaction(() => {
    const courseIds = new Map(
      (db.query("SELECT id, nome FROM corsi").all() as Array<{ id: number; nome: Course }>).map((row) => [
        row.nome,
        row.id,
      ]),
    );
    const insertCategory = db.prepare("INSERT INTO categorie (nome) VALUES (?) RETURNING id");
    const insertItem = db.prepare(
      `INSERT INTO inventario (nome, note, posizione, fornitore, seriale, tipo_prestito, categoria_id, data_aggiunta)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertItemCourse = db.prepare(
      "INSERT INTO inventario_corsi (inventario_id, corso_id, posizione) VALUES (?, ?, ?)",
    );
    const insertUnit = db.prepare("INSERT INTO unita (inventario_id, codice_univoco) VALUES (?, ?) RETURNING id");

    // Inventory: walk the catalog until the requested number of items exists.
    const categoryIds = new Map<string, number>();
    for (const entry of CATALOG) {
      categoryIds.set(entry.category, (insertCategory.get(entry.category) as { id: number }).id);
    }
    summary.categories = categoryIds.size;
    const units: Unit[] = [];
    const seenNames = new Map<string, number>();
    for (let index = 0; index < options.items; index++) {
      const entry = CATALOG[index % CATALOG.length] as (typeof CATALOG)[number];
      const baseName = entry.names[Math.floor(index / CATALOG.length) % entry.names.length] as string;
      const copy = (seenNames.get(baseName) ?? 0) + 1;
      seenNames.set(baseName, copy);
      const name = copy === 1 ? baseName : `${baseName} (set ${copy})`;
      const added = addDays(today, -random.int(30, options.historyDays + 30));
      const item = insertItem.get(
        name,
        random.chance(0.4) ? "Controllare la dotazione alla riconsegna" : null,
        `Scaffale ${String.fromCharCode(65 + random.int(0, 7))}${random.int(1, 9)}`,
        entry.supplier,
        `SN-${String(100000 + index * 7919).slice(-6)}`,
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
      const count = random.int(entry.units[0], entry.units[1]);
      for (let sequence = 1; sequence <= count; sequence++) {
        const code = defaultUnitCode(copy === 1 ? baseName : `${baseName}${copy}`, sequence);
        const unit = insertUnit.get(item.id, code) as { id: number };
        units.push({
          id: unit.id,
          itemId: item.id,
          itemName: name,
          courses,
          usage,
          busyUntil: addDays(today, -options.historyDays),
        });
      }
      summary.items++;
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
      const student = { id: user.id, course, strikes: 0, blocked: false, name: `${name} ${surname}` };
      students.push(student);
      studentsByCourse.set(course, [...(studentsByCourse.get(course) ?? []), student]);
      if (index === 0) summary.firstStudentEmail = email;
    }
    summary.students = students.length;
    const borrowerFor = (unit: Unit): Student | undefined => {
      const candidates = unit.courses.flatMap((course) => studentsByCourse.get(course) ?? []);
      return candidates.length ? random.pick(candidates) : undefined;
    };

    const insertRequest = db.prepare(
      `INSERT INTO richieste (utente_id, inventario_id, unit_id, dal, al, tipo_utilizzo, note, stato, motivo_rifiuto, handled_by, handled_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertLoan = db.prepare(
      `INSERT INTO prestiti (utente_id, chi, utente_email, inventario_id, richiesta_id, data_uscita, data_rientro, data_restituzione, tipo_utilizzo, note, stato, created_by, created_at)
       VALUES (?, ?, (SELECT email FROM users WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertLoanUnit = db.prepare("INSERT INTO prestiti_unita (prestito_id, unit_id) VALUES (?, ?)");
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
      const usage = end === start ? (unit.usage.includes("interno") ? "interno" : "esterno") : "esterno";
      const state = returned ? "restituito" : end < today ? "scaduto" : "attivo";
      const viaRequest = random.chance(0.6);
      const requestId = viaRequest
        ? (
            insertRequest.get(
              student.id,
              unit.itemId,
              unit.id,
              start,
              end,
              usage,
              null,
              "approvata",
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
        student.id,
        unit.itemId,
        requestId,
        start,
        end,
        returned,
        usage,
        viaRequest ? null : "Prestito diretto - 1 unità",
        state,
        options.adminId,
        stamp(addDays(start, -1), 16),
      ) as { id: number };
      insertLoanUnit.run(loan.id, unit.id);
      summary.loans++;
      if (requestId) summary.requests++;
      // An unreturned overdue loan keeps its unit until it comes back.
      unit.busyUntil = returned ?? (end < today ? addDays(today, 3650) : end);
      if (returned && daysLate(end, returned) > 0)
        lateReturns.push({ student, loanId: loan.id, itemName: unit.itemName, due: end, returned });
      return true;
    }

    // History: each round gives every unit its next loan, so one unit's loans follow each other in time.
    const loansPerUnit = Math.max(1, options.loans / Math.max(1, units.length));
    const meanGap = Math.max(2, Math.round(options.historyDays / loansPerUnit) - 5);
    const historyEnd = options.stageDemoScenarios ? addDays(today, -16) : today;
    for (let round = 0; summary.loans < options.loans && round < 10_000; round++) {
      let progress = false;
      for (const unit of units) {
        if (summary.loans >= options.loans) break;
        const student = borrowerFor(unit);
        const start = addDays(unit.busyUntil, random.int(1, meanGap * 2));
        if (!student || start > historyEnd) continue;
        const end = unit.usage.includes("esterno") ? addDays(start, random.int(1, 10)) : start;
        const late = random.chance(0.02) ? random.int(1, 10) : 0;
        const finished = addDays(end, late);
        // Loans whose (late) return would fall after today are still out, some of them overdue.
        const returned = finished < today ? finished : null;
        if (bookLoan(unit, student, start, end, returned)) progress = true;
      }
      if (!progress) break;
    }

    if (options.stageDemoScenarios) {
      const first = students[0];
      const free = () => units.filter((unit) => unit.busyUntil < addDays(today, -15));
      const unitFor = (student: Student | undefined) =>
        free().find((unit) => !student || unit.courses.includes(student.course));
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

    // Requests still waiting (future dates on free units) and some refused ones.
    const freeUnits = () => units.filter((unit) => unit.busyUntil < today);
    for (let index = 0; index < options.requests; index++) {
      const rejected = index % 3 === 2;
      const candidates = freeUnits();
      const unit = random.pick(candidates.length ? candidates : units);
      const student = borrowerFor(unit);
      if (!student || student.blocked) continue;
      const usage = random.pick(unit.usage);
      if (rejected) {
        const start = addDays(today, -random.int(5, options.historyDays));
        insertRequest.run(
          student.id,
          unit.itemId,
          unit.id,
          start,
          usage === "interno" ? start : addDays(start, 3),
          usage,
          "Per il progetto di fine semestre",
          "rifiutata",
          random.pick(DEMO_REJECTION_REASONS),
          options.adminId,
          stamp(addDays(start, -1), 12),
          stamp(addDays(start, -2)),
        );
      } else {
        const start = addDays(laterDate(unit.busyUntil, today), random.int(1, 10));
        const end = usage === "interno" ? start : addDays(start, random.int(1, 7));
        insertRequest.run(
          student.id,
          unit.itemId,
          unit.id,
          start,
          end,
          usage,
          "Mi serve per le riprese del corto",
          "in_attesa",
          null,
          null,
          null,
          new Date(Date.parse(nowIso) - random.int(1, 72) * 3_600_000).toISOString(),
        );
        unit.busyUntil = end;
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
      const candidates = freeUnits();
      if (inProgress && candidates.length === 0) continue;
      const unit = random.pick(inProgress ? candidates : units);
      const startDay = inProgress
        ? addDays(today, -random.int(0, 6))
        : addDays(today, -random.int(20, options.historyDays));
      const message = random.pick(FAULT_MESSAGES);
      insertRepair.run(
        unit.itemId,
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
      if (inProgress) unit.busyUntil = addDays(today, 3650);
      summary.repairs++;
    }

    // Fault reports on loans that are out now.
    const openLoans = db
      .query(
        `SELECT p.id, p.utente_id, p.inventario_id, pu.unit_id FROM prestiti p JOIN prestiti_unita pu ON pu.prestito_id = p.id
         WHERE p.stato IN ('attivo', 'scaduto') AND p.data_uscita <= ? AND p.utente_id IS NOT NULL ORDER BY p.id LIMIT ?`,
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
  })();
  return summary;
}
