import { eq } from "drizzle-orm";
import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { writeTransaction } from "../../db/transaction";
import { badRequest, forbidden } from "../../http/errors";
import { recordAudit } from "../audit/service";
import { isActiveCourse } from "../courses/service";

/**
 * A directory account that no group maps to a course chooses one, once: afterwards the course is theirs
 * until a group of theirs maps them to one (src/modules/auth/directory-accounts.ts).
 */
export function chooseOwnCourse(ctx: AppContext, user: Actor, course: string): Actor {
  if (user.directory === null || user.corsoAccademico !== null || isDesk(user))
    throw forbidden("Il corso del tuo account lo cambia il banco prestiti");
  const chosen = course.trim();
  if (!isActiveCourse(ctx.db, chosen)) throw badRequest("Corso accademico non valido");
  return writeTransaction(ctx.db, (tx) => {
    const updated = tx
      .update(users)
      .set({ corsoAccademico: chosen, courseChosenByStudent: true })
      .where(eq(users.id, user.id))
      .returning()
      .get() as Actor;
    recordAudit(tx, ctx.clock, user, {
      action: "user.choose-course",
      entity: "user",
      entityId: user.id,
      summary: `${user.email} ha scelto il corso ${chosen} al primo accesso`,
    });
    return updated;
  });
}
