import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { printLabels, publicBaseUrl } from "../counter/documents";
import { fileAnswer, messageAnswer } from "../schemas";
import { kitAvailability } from "./availability";
import { kitAvailabilityQuery, kitAvailabilityView, kitInput, kitParams, kitView } from "./model";
import { createKit, deleteKit, kitForActor, kitsForActor, updateKit } from "./service";

/** Kits: the desk defines them; students see their course's kits beside the items and book them as sets. */
export function kitsModule(ctx: AppContext, tokens: TokenService) {
  return (
    new Elysia({ prefix: "/kit" })
      .use(authPlugin(tokens))
      .use(readsPlugin)
      // A kit shows its lines' items and pinned units and its courses (written with the inventory).
      .get("", ({ actor }) => kitsForActor(ctx, actor), {
        auth: "signed-in",
        reads: ["sets", "inventory"],
        response: t.Array(kitView),
      })
      .post("", ({ actor, body }) => createKit(ctx, actor, body), { auth: "admin", body: kitInput, response: kitView })
      .get("/:id", ({ actor, params }) => kitForActor(ctx, actor, Number(params.id)), {
        auth: "signed-in",
        params: kitParams,
        response: kitView,
      })
      .put("/:id", ({ actor, body, params }) => updateKit(ctx, actor, Number(params.id), body), {
        auth: "admin",
        params: kitParams,
        body: kitInput,
        response: kitView,
      })
      .delete("/:id", ({ actor, params }) => deleteKit(ctx, actor, Number(params.id)), {
        auth: "admin",
        params: kitParams,
        response: messageAnswer,
      })
      .get("/:id/disponibilita", ({ actor, params, query }) => kitAvailability(ctx, actor, Number(params.id), query), {
        auth: "signed-in",
        params: kitParams,
        query: kitAvailabilityQuery,
        response: kitAvailabilityView,
      })
      // The kit's own label on the default sheet; `GET /api/etichette?kit=` prints kits in any format.
      .get(
        "/:id/etichetta",
        ({ params, request }) =>
          printLabels(
            ctx,
            { kitIds: [Number(params.id)] },
            publicBaseUrl(ctx, request),
            {},
            `etichetta-kit-${params.id}.pdf`,
          ),
        {
          auth: "admin",
          params: kitParams,
          detail: fileAnswer("application/pdf", "L'etichetta del kit con il suo codice QR (PDF)"),
        },
      )
  );
}
