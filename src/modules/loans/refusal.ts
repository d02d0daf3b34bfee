import type { Actor } from "../../actor";
import { badRequest } from "../../http/errors";

/** A refusal of a request, a set or an extension states why: the student reads the reason. */
export function assertReasonGiven(reason: string | null | undefined): asserts reason is string {
  if (!reason) throw badRequest("Motivazione del rifiuto richiesta");
}

/** What a refused row records beside its state: the reason, and which desk member refused it when. */
export function refusedBy(admin: Actor, reason: string, at: string) {
  return { motivoRifiuto: reason, handledBy: admin.id, handledAt: at };
}
