/**
 * The PDF thread's own module (app/pdf/off-thread.server.ts starts it): renders what it is asked, one message per
 * document, and answers the bytes or the error's message.
 */
import { parentPort } from "node:worker_threads";
import { renderCreditNotePdf } from "~/pdf/credit-note.server";
import { renderInvoicePdf } from "~/pdf/invoice.server";
import type { PdfAnswer, PdfAsk } from "~/pdf/off-thread.server";

parentPort?.on("message", async (ask: PdfAsk) => {
  let answer: PdfAnswer;
  try {
    const pdf = ask.kind === "invoice" ? await renderInvoicePdf(ask.data) : await renderCreditNotePdf(ask.data);
    answer = { id: ask.id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (error) {
    answer = { id: ask.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
