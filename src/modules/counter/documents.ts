import { eq, inArray } from "drizzle-orm";
import { canSeeLoan } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { inventario, prestiti, prestitiUnita, unita, users } from "../../db/schema";
import { DEFAULT_LABEL_FORMAT, isSheet, LABEL_FORMATS, type LabelFormat } from "../../domain/label-formats";
import { checklistItems, DEFAULT_LOAN_TERMS } from "../../domain/loan-terms";
import { unitLabelUrl } from "../../domain/public-url";
import { badRequest, notFound } from "../../http/errors";
import { liveUnits } from "../inventory/units";
import { kitLabels } from "../kits/label";
import { loanView } from "../loans/reads";
import { readSettings } from "../settings/service";
import type { LabelUnit } from "./labels-pdf";
import { START_POSITION_ERROR } from "./model";
import type { ReceiptContent } from "./pdf";
import { renderPdf } from "./pdf-jobs";

/**
 * Where QR codes and links point: the address set on the settings page, else PUBLIC_URL, else the
 * address this request came to.
 */
export function publicBaseUrl(ctx: AppContext, request: Request): string {
  return configuredPublicUrl(ctx) ?? new URL(request.url).origin;
}

/** The public address the desk or the operator set (settings first, then PUBLIC_URL), or null. */
export function configuredPublicUrl(ctx: AppContext): string | null {
  return readSettings(ctx.db).url_pubblico ?? ctx.publicUrl ?? null;
}

export const pdfResponse = (bytes: Uint8Array, fileName: string) =>
  new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });

export interface LabelLayout {
  formato?: LabelFormat;
  inizio?: string;
}

/** Where the first label goes: any free position of a sheet; a roll has only one. */
function startPosition(format: LabelFormat, inizio: string | undefined): number {
  const start = Number(inizio ?? 1);
  const perSheet = LABEL_FORMATS[format].perSheet;
  if (start <= perSheet) return start;
  throw badRequest(
    isSheet(format)
      ? `${START_POSITION_ERROR} (da 1 a ${perSheet})`
      : "Sul rotolo le etichette partono sempre dalla prima: togli la posizione di partenza",
  );
}

/** What to label: units and kits, each in the order asked for. */
export interface LabelSubjects {
  unitIds?: number[];
  kitIds?: number[];
}

/** A unit's label carries its code, its item's name and a QR of the item page with the unit selected. */
function unitLabelsOf(ctx: AppContext, unitIds: number[], baseUrl: string): LabelUnit[] {
  const rows = liveUnits(ctx.db, inArray(unita.id, unitIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...new Set(unitIds)].map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound("Unità non trovata");
    return { code: row.code, itemName: row.itemName, url: unitLabelUrl(baseUrl, row.itemId, row.code) };
  });
}

/**
 * One label per unit, then one per kit, in the format asked for (the 3 × 8 sheet by default). A kit's
 * label is drawn exactly as a unit's, so every format and start position serves both.
 */
export async function printLabels(
  ctx: AppContext,
  subjects: LabelSubjects,
  baseUrl: string,
  layout: LabelLayout = {},
  fileName = "etichette.pdf",
): Promise<Response> {
  const format = layout.formato ?? DEFAULT_LABEL_FORMAT;
  const start = startPosition(format, layout.inizio);
  const units = [
    ...unitLabelsOf(ctx, subjects.unitIds ?? [], baseUrl),
    ...kitLabels(ctx.db, subjects.kitIds ?? [], baseUrl),
  ];
  if (units.length === 0) throw badRequest("Indica le unità o i kit di cui stampare le etichette");
  const title = `Etichette PrestaLab (${units.length})`;
  return pdfResponse(await renderPdf({ kind: "labels", units, title, format, start }), fileName);
}

const CONDITION_TEXT = { ok: "tutto ok", danneggiato: "danneggiata", incompleto: "incompleta" } as const;

export function italianDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
}

export function italianDateTime(instant: string, timeZone: string): string {
  return new Date(instant).toLocaleString("it-IT", {
    timeZone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The receipt of a loan: any loan for the desk, only their own for a borrower. */
export async function loanReceipt(ctx: AppContext, actor: Actor, id: number): Promise<Response> {
  const loan = ctx.db.select().from(prestiti).where(eq(prestiti.id, id)).get();
  if (!loan || !canSeeLoan(actor, loan)) throw notFound("Prestito non trovato");
  const view = loanView(ctx, id);
  const borrower = loan.utenteId
    ? ctx.db
        .select({ matricola: users.matricola, corso: users.corsoAccademico })
        .from(users)
        .where(eq(users.id, loan.utenteId))
        .get()
    : undefined;
  const item = ctx.db
    .select({ checklist: inventario.checklist })
    .from(inventario)
    .where(eq(inventario.id, loan.inventarioId))
    .get();
  const units = ctx.db
    .select({ code: unita.codiceUnivoco, returnedOn: prestitiUnita.restituitaIl, condition: prestitiUnita.condizione })
    .from(prestitiUnita)
    .innerJoin(unita, eq(unita.id, prestitiUnita.unitId))
    .where(eq(prestitiUnita.prestitoId, id))
    .orderBy(unita.codiceUnivoco)
    .all();
  const zone = ctx.clock.timeZone;
  const facts: Array<[string, string]> = [
    ["Prestito", `n. ${loan.id}`],
    ["Intestatario", view.utente_nome_reale],
  ];
  if (view.utente_email) facts.push(["Email", view.utente_email]);
  if (borrower?.matricola) facts.push(["Matricola", borrower.matricola]);
  if (borrower?.corso) facts.push(["Corso", borrower.corso]);
  facts.push(["Dal", italianDate(loan.dataUscita)], ["Da restituire entro", italianDate(loan.dataRientro)]);
  if (loan.tipoUtilizzo) facts.push(["Utilizzo", loan.tipoUtilizzo === "interno" ? "Interno" : "Esterno"]);
  facts.push([
    "Consegnato",
    loan.consegnatoIl
      ? `${italianDateTime(loan.consegnatoIl, zone)}${view.consegnato_da ? ` da ${view.consegnato_da}` : ""}`
      : "Non ancora consegnato",
  ]);
  if (loan.annullatoIl) facts.push(["Annullato", italianDateTime(loan.annullatoIl, zone)]);
  else if (loan.dataRestituzione) facts.push(["Restituito", italianDate(loan.dataRestituzione)]);
  if (loan.note) facts.push(["Note", loan.note]);
  const content: ReceiptContent = {
    appName: ctx.appName,
    title: `Ricevuta di prestito n. ${loan.id}`,
    facts,
    itemName: view.oggetto_nome,
    units: units.map((unit) => ({
      code: unit.code,
      condition: unit.returnedOn
        ? `restituita il ${italianDate(unit.returnedOn)}${unit.condition ? ` (${CONDITION_TEXT[unit.condition]})` : ""}`
        : undefined,
    })),
    checklist: checklistItems(item?.checklist),
    terms: readSettings(ctx.db).testo_condizioni.trim() || DEFAULT_LOAN_TERMS,
    signatures: ["Firma di chi riceve", "Firma del banco prestiti"],
    footer: `Stampata il ${italianDateTime(ctx.clock.now().toISOString(), zone)}`,
  };
  return pdfResponse(await renderPdf({ kind: "receipt", content }), `ricevuta-prestito-${loan.id}.pdf`);
}
