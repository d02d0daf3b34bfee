import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { auditLog, corsi, users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { badRequest, conflict, notFound } from "../../http/errors";
import { recordAudit } from "../audit/service";
import type { CourseChange, NewCourse } from "./model";

/** The courses offered to registrations, by name. */
export function listActiveCourses(db: Db) {
  return db
    .select({ id: corsi.id, nome: corsi.nome })
    .from(corsi)
    .where(eq(corsi.archiviato, false))
    .orderBy(asc(corsi.nome))
    .all();
}

/** Every course, archived ones too, for the settings screen. */
export function listAllCourses(db: Db) {
  return db.select().from(corsi).orderBy(asc(corsi.archiviato), asc(corsi.nome)).all();
}

/** Whether `name` is a course a new registration may choose. */
export function isActiveCourse(db: Db, name: string): boolean {
  return Boolean(
    db
      .select({ id: corsi.id })
      .from(corsi)
      .where(and(eq(corsi.nome, name), eq(corsi.archiviato, false)))
      .get(),
  );
}

/**
 * Whether the desk has made the course list its own: a clean install ships eight courses (migration 0001),
 * so it is the desk's once it has added, renamed or archived one, each of which is audited.
 */
export function coursesChangedByDesk(db: Db): boolean {
  return Boolean(db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entity, "course")).limit(1).get());
}

function cleanName(value: string): string {
  const name = value.trim().replace(/\s+/g, " ");
  if (name === "") throw badRequest("Il nome del corso è obbligatorio");
  return name;
}

function assertNameFree(db: Db, name: string, exceptId?: number) {
  const clash = db
    .select({ nome: corsi.nome })
    .from(corsi)
    .where(and(sql`lower(${corsi.nome}) = lower(${name})`, exceptId ? ne(corsi.id, exceptId) : undefined))
    .get();
  if (clash) throw conflict(`Esiste già il corso "${clash.nome}"`);
}

export function createCourse(ctx: AppContext, admin: Actor, input: NewCourse) {
  const nome = cleanName(input.nome);
  return writeTransaction(ctx.db, (tx) => {
    assertNameFree(tx, nome);
    const created = tx.insert(corsi).values({ nome }).returning().get();
    recordAudit(tx, ctx.clock, admin, {
      action: "course.create",
      entity: "course",
      entityId: created.id,
      summary: `Aggiunto il corso "${nome}"`,
    });
    return created;
  });
}

/**
 * Renames and/or archives a course. Students store their course by name, so a rename carries them
 * along in the same transaction; an archived course keeps its items and students.
 */
export function updateCourse(ctx: AppContext, admin: Actor, id: number, change: CourseChange) {
  const nome = change.nome === undefined ? undefined : cleanName(change.nome);
  return writeTransaction(ctx.db, (tx) => {
    const existing = tx.select().from(corsi).where(eq(corsi.id, id)).get();
    if (!existing) throw notFound("Corso non trovato");
    const changes: string[] = [];
    if (nome !== undefined && nome !== existing.nome) {
      assertNameFree(tx, nome, id);
      tx.update(users).set({ corsoAccademico: nome }).where(eq(users.corsoAccademico, existing.nome)).run();
      changes.push(`rinominato in "${nome}"`);
    }
    if (change.archiviato !== undefined && change.archiviato !== existing.archiviato)
      changes.push(change.archiviato ? "archiviato" : "riattivato");
    const updated = tx
      .update(corsi)
      .set({ nome: nome ?? existing.nome, archiviato: change.archiviato ?? existing.archiviato })
      .where(eq(corsi.id, id))
      .returning()
      .get();
    if (changes.length > 0)
      recordAudit(tx, ctx.clock, admin, {
        action: "course.update",
        entity: "course",
        entityId: id,
        summary: `Corso "${existing.nome}" ${changes.join(" e ")}`,
      });
    return updated;
  });
}
