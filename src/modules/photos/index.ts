import { Elysia, t } from "elysia";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { readsPlugin } from "../../read-model";
import { answerInteger, fileAnswer, idParams, messageAnswer } from "../schemas";
import { listItemPhotos } from "./listing";
import { deletePhoto, type PhotoUpload, photoResponse, uploadItemPhoto, uploadReportPhoto } from "./service";

const photoParams = idParams("Foto non valida");
const ownerParams = idParams("Identificativo non valido");
const savedPhoto = t.Object({ id: answerInteger(), url: t.String() });
const listedPhoto = t.Object({
  id: answerInteger(),
  url: t.String(),
  unita_id: t.Nullable(answerInteger({ description: "L'unità che la foto mostra; null per l'articolo" })),
});
/** The form's fields as the body guard parsed them (src/http/body-guard.ts): `file`, and `unita_id` for an item's. */
const photoForm = t.Object({
  file: t.Optional(t.Any({ description: "La foto, JPEG o PNG (multipart/form-data)" })),
  unita_id: t.Optional(t.String({ description: "Per la foto di un'unità dell'articolo" })),
});

/** Photos of items, units and fault reports: upload (re-encoded on a worker), read, delete. */
export function photosModule(ctx: AppContext, tokens: TokenService) {
  return new Elysia()
    .use(authPlugin(tokens))
    .use(readsPlugin)
    .post(
      "/inventario/:id/foto",
      ({ actor, params, body }) => uploadItemPhoto(ctx, actor, Number(params.id), (body ?? {}) as PhotoUpload),
      { auth: "admin", params: ownerParams, body: photoForm, response: savedPhoto },
    )
    .get("/inventario/:id/foto", ({ actor, params }) => listItemPhotos(ctx.db, actor, Number(params.id)), {
      auth: "signed-in",
      reads: ["inventory"],
      params: ownerParams,
      response: t.Array(listedPhoto),
    })
    .post(
      "/segnalazioni/:id/foto",
      ({ actor, params, body }) => uploadReportPhoto(ctx, actor, Number(params.id), (body ?? {}) as PhotoUpload),
      { auth: "signed-in", params: ownerParams, body: photoForm, response: savedPhoto },
    )
    .get("/foto/:id", ({ actor, params }) => photoResponse(ctx, actor, Number(params.id)), {
      auth: "signed-in",
      // An image, never kept in the response cache: the browser keeps it instead.
      reads: "fresh",
      params: photoParams,
      detail: fileAnswer("image/jpeg", "La foto (JPEG), a chi può vedere l'articolo o la segnalazione"),
    })
    .delete("/foto/:id", ({ params }) => deletePhoto(ctx, Number(params.id)), {
      auth: "admin",
      params: photoParams,
      response: messageAnswer,
    });
}
