import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { badRequest } from "../../http/errors";
import { idParam } from "../../http/input";
import { unblockUser, userPenalties } from "./service";

export function penaltiesModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia({ prefix: "/penalties" })
    .use(authPlugin(tokens))
    .get(
      "/user/:userId",
      ({ actor, params }) => userPenalties(ctx, actor, idParam(params.userId, "Utente non valido")),
      {
        auth: "signed-in",
      },
    )
    .post(
      "/unblock-user",
      ({ actor, body }) => {
        const userId = Number(body.userId);
        if (!Number.isInteger(userId) || userId < 1) throw badRequest("Utente non valido");
        return unblockUser(ctx, actor, userId, body.resetStrikes === true);
      },
      {
        auth: "admin",
        body: t.Object(
          {
            userId: t.Union([t.Number(), t.String()], { error: "Utente non valido" }),
            resetStrikes: t.Optional(t.Boolean({ error: "resetStrikes deve essere vero o falso" })),
          },
          { error: "Dati non validi" },
        ),
      },
    );
}
