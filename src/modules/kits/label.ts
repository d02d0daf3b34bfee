import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { kit } from "../../db/schema";
import { kitLabelCode, kitLabelUrl } from "../../domain/public-url";
import { notFound } from "../../http/errors";
import { pdfResponse } from "../counter/documents";
import { renderPdf } from "../counter/pdf-jobs";
import { KIT_NOT_FOUND } from "./model";
import { loadKitViews } from "./service";

/**
 * A kit's label, drawn as a unit's is (same sheet, same QR): its code `KIT-n` and its name, and a QR
 * of the kit's page, which the Banco's scan reads as the kit.
 */
export async function kitLabel(ctx: AppContext, kitId: number, baseUrl: string): Promise<Response> {
  const [view] = loadKitViews(ctx.db, eq(kit.id, kitId));
  if (!view) throw notFound(KIT_NOT_FOUND);
  const label = { code: kitLabelCode(kitId), itemName: view.nome, url: kitLabelUrl(baseUrl, kitId) };
  const bytes = await renderPdf({ kind: "labels", units: [label], title: `Etichetta del kit ${view.nome}` });
  return pdfResponse(bytes, `etichetta-kit-${kitId}.pdf`);
}
