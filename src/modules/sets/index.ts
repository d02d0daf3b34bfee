import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { errorAnswer, fileAnswer } from "../schemas";
import { createSet } from "./booking";
import { handOverSet, signSet } from "./handover";
import {
  approveSetBody,
  approveSetResponse,
  changeSetResponse,
  createSetBody,
  createSetResponse,
  handOverSetBody,
  handOverSetResponse,
  pendingBookingsAnswer,
  readSetResponse,
  rejectSetBody,
  resolveShortageBody,
  resolveShortageResponse,
  returnPreviewQuery,
  returnPreviewResponse,
  returnSetBody,
  returnSetResponse,
  setList,
  setListQuery,
  setParams,
  setSummary,
  shortageListQuery,
  shortageListResponse,
  shortageParams,
  signSetBody,
} from "./model";
import { pendingBookings } from "./pending-count";
import { setReceipt } from "./receipt";
import { returnSet, returnSetPreview } from "./returns";
import { approveSet, cancelSet, listSets, mySets, readSet, rejectSet } from "./service";
import { listShortages, resolveShortage } from "./shortages";

/**
 * What a set's summary shows: its lines' requests and loans, their items and units, whether a pending
 * line's unit is still free (the units' calendars, repairs included) and its student's name and strikes.
 */
const SET_LIST_READS = ["sets", "requests", "loans", "inventory", "repairs", "users", "demand"] as const;

/** Sets (`prenotazioni`): several units booked, decided, handed over, signed for and returned as one. */
export function setsModule(ctx: AppContext, tokens: TokenService) {
  return (
    new Elysia()
      .use(authPlugin(tokens))
      // The set lists are kept until a resource they read changes: "sets" (migration 0027) and what their rows show.
      .use(readsPlugin)
      .post("/prenotazioni", ({ actor, body }) => createSet(ctx, actor, body), {
        auth: "signed-in",
        body: createSetBody,
        response: createSetResponse,
      })
      .get("/prenotazioni", ({ actor, query }) => listSets(ctx, actor, query), {
        auth: "admin",
        reads: SET_LIST_READS,
        query: setListQuery,
        response: setList,
      })
      // The desk's "In Attesa" count: a set is one booking to decide, not one per line.
      .get("/banco/in-attesa", () => ({ totale: pendingBookings(ctx.db) }), {
        auth: "admin",
        response: pendingBookingsAnswer,
      })
      .get("/prenotazioni/mie", ({ actor }) => mySets(ctx, actor), {
        auth: "signed-in",
        reads: SET_LIST_READS,
        response: t.Array(setSummary),
      })
      .get("/prenotazioni/:id", ({ actor, params }) => readSet(ctx, actor, Number(params.id)), {
        auth: "signed-in",
        params: setParams,
        response: readSetResponse,
      })
      .delete("/prenotazioni/:id", ({ actor, params }) => cancelSet(ctx, actor, Number(params.id)), {
        auth: "signed-in",
        params: setParams,
        response: changeSetResponse,
      })
      .put("/prenotazioni/:id/approva", ({ actor, params, body }) => approveSet(ctx, actor, Number(params.id), body), {
        auth: "admin",
        params: setParams,
        body: approveSetBody,
        response: approveSetResponse,
      })
      .put("/prenotazioni/:id/rifiuta", ({ actor, params, body }) => rejectSet(ctx, actor, Number(params.id), body), {
        auth: "admin",
        params: setParams,
        body: rejectSetBody,
        response: changeSetResponse,
      })
      .put(
        "/prenotazioni/:id/consegna",
        ({ actor, params, body }) => handOverSet(ctx, actor, Number(params.id), body),
        {
          auth: "admin",
          params: setParams,
          body: handOverSetBody,
          response: handOverSetResponse,
        },
      )
      .put("/prenotazioni/:id/firma", ({ actor, params, body }) => signSet(ctx, actor, Number(params.id), body), {
        auth: "signed-in",
        params: setParams,
        body: signSetBody,
        response: { ...changeSetResponse, 403: errorAnswer },
      })
      .get("/prenotazioni/:id/ricevuta", ({ actor, params }) => setReceipt(ctx, actor, Number(params.id)), {
        auth: "signed-in",
        params: setParams,
        detail: fileAnswer("application/pdf", "L'accordo di consegna della prenotazione, con la firma (PDF)"),
      })
      .get(
        "/prenotazioni/:id/anteprima-restituzione",
        ({ params, query }) => returnSetPreview(ctx, Number(params.id), query.unita?.split(",").map(Number)),
        { auth: "admin", params: setParams, query: returnPreviewQuery, response: returnPreviewResponse },
      )
      .put(
        "/prenotazioni/:id/restituisci",
        ({ actor, params, body }) => returnSet(ctx, actor, Number(params.id), body),
        {
          auth: "admin",
          params: setParams,
          body: returnSetBody,
          response: returnSetResponse,
        },
      )
      .get("/mancanze", ({ query }) => listShortages(ctx, query), {
        auth: "admin",
        // A mancanza shows its set's student by name.
        reads: ["sets", "users"],
        query: shortageListQuery,
        response: shortageListResponse,
      })
      .put("/mancanze/:id/risolvi", ({ actor, params, body }) => resolveShortage(ctx, actor, Number(params.id), body), {
        auth: "admin",
        params: shortageParams,
        body: resolveShortageBody,
        response: resolveShortageResponse,
      })
  );
}
