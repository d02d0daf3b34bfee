import { Elysia } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { availabilityParams, availabilityQuery, availabilityView } from "./model";
import { itemAvailability } from "./service";

/** The booking calendar of an item, for the item page and the date steps of both wizards. */
export function availabilityModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .get(
      "/inventario/:id/disponibilita",
      ({ actor, params, query }) => itemAvailability(ctx, actor, Number(params.id), query),
      { auth: "signed-in", params: availabilityParams, query: availabilityQuery, response: availabilityView },
    );
}
