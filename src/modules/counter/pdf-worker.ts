// The thread PDFs are drawn on (see pdf-jobs.ts): one PDF per worker. scripts/build.ts compiles this file
// into the binary as an entrypoint of its own.
import { labelsPdf } from "./labels-pdf";
import { receiptPdf } from "./pdf";
import type { PdfAnswer, PdfTask } from "./pdf-jobs";

declare const self: Worker;

async function drawPdf(task: PdfTask): Promise<PdfAnswer> {
  try {
    return {
      pdf:
        task.kind === "labels"
          ? await labelsPdf(task.units, task.title, task.format, task.start)
          : await receiptPdf(task.content),
    };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

self.onmessage = async (event: MessageEvent<PdfTask>) => {
  const answer = await drawPdf(event.data);
  // The PDF's bytes move to the server's thread instead of being copied there.
  self.postMessage(answer, "pdf" in answer ? [answer.pdf.buffer] : []);
};
