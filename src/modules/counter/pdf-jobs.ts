import type { LabelFormat } from "../../domain/label-formats";
import { workerReply } from "../../worker-reply";
import type { LabelUnit } from "./labels-pdf";
import type { ReceiptContent } from "./pdf";

/**
 * PDFs are drawn on threads of their own (src/modules/counter/pdf-worker.ts): 500 labels take seconds of
 * QR codes and drawing, and six receipts at once took the server's only thread for 7 s, during which
 * nobody else got an answer. Only the worker loads the drawing (./pdf.ts, with pdf-lib and qrcode): the
 * server's own thread never needs it, so it does not pay for it at start.
 */
export type PdfTask =
  | { kind: "labels"; units: LabelUnit[]; title: string; format?: LabelFormat; start?: number }
  | { kind: "receipt"; content: ReceiptContent };

export type PdfAnswer = { pdf: Uint8Array } | { failed: string };

/** PDFs drawn at once: the rest wait their turn, so a burst of downloads leaves a core to the server. */
const RENDERING_AT_ONCE = 2;

async function drawInWorker(task: PdfTask): Promise<Uint8Array> {
  const answer = await workerReply<PdfAnswer>("pdf", task);
  if ("pdf" in answer) return answer.pdf;
  throw new Error(answer.failed);
}

let rendering = 0;
const waiting: Array<() => void> = [];

/** The PDF, drawn off the server's thread (one of at most RENDERING_AT_ONCE). */
export async function renderPdf(task: PdfTask): Promise<Uint8Array> {
  if (rendering >= RENDERING_AT_ONCE) await new Promise<void>((turn) => waiting.push(turn));
  else rendering++;
  try {
    return await drawInWorker(task);
  } finally {
    // The turn passes to the next waiting render as it is; with none waiting, it is given back.
    const next = waiting.shift();
    if (next) next();
    else rendering--;
  }
}
