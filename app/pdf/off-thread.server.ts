import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CreditNoteData } from "~/pdf/credit-note.server";
import type { InvoiceData } from "~/pdf/invoice.server";
import { logFailure } from "~/utils/logger.server";

/**
 * Invoices and credit notes drawn on a thread of their own (docs/decisions/0067). pdfkit draws synchronously: an
 * invoice is 30 to 60 ms of CPU, more with a collection, and the order mail's invoice is drawn by the web worker
 * that delivers the outbox, so every page that worker answered waited behind it. On the thread the event loop goes
 * on answering, and the machine's cores share the drawing.
 *
 * Only the web server asks for the thread (`drawPdfsOffThread`, server/serve.ts); scripts and tests draw in their
 * own thread, as before. One thread per process, started at the first document and ended after a minute without
 * one. A thread that fails or ends with documents asked has them drawn here instead, so no mail or download is
 * lost to it; a document whose drawing itself fails fails as it would here.
 */
type PdfDocument = { kind: "invoice"; data: InvoiceData } | { kind: "creditNote"; data: CreditNoteData };
export type PdfAsk = { id: number } & PdfDocument;
export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const IDLE_MS = 60_000;

declare global {
  /** Set by the web server, whose module copy is not the Remix build's. */
  var __shopPdfsOffThread: boolean | undefined;
}

export function drawPdfsOffThread() {
  globalThis.__shopPdfsOffThread = true;
}

export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  return draw({ kind: "invoice", data });
}

export function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  return draw({ kind: "creditNote", data });
}

function draw(document: PdfDocument): Promise<Buffer> {
  return globalThis.__shopPdfsOffThread ? offThread(document) : drawHere(document);
}

// The drawing modules (pdfkit and its fonts, most of a second of CPU to load) are loaded by the first document drawn
// here: every process that imports the orders' or payments' models (each test file, each script) but draws nothing
// no longer pays for them.
async function drawHere(document: PdfDocument): Promise<Buffer> {
  if (document.kind === "invoice") return (await import("~/pdf/invoice.server")).renderInvoicePdf(document.data);
  return (await import("~/pdf/credit-note.server")).renderCreditNotePdf(document.data);
}

type Asked = { ask: PdfAsk; resolve: (pdf: Buffer) => void; reject: (error: Error) => void };

let thread: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let lastId = 0;
const asked = new Map<number, Asked>();

function offThread(document: PdfDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const entry = { ask: { ...document, id: ++lastId }, resolve, reject };
    asked.set(entry.ask.id, entry);
    const worker = (thread ??= startThread());
    if (idle) clearTimeout(idle);
    idle = null;
    worker.ref();
    worker.postMessage(entry.ask);
  });
}

function startThread(): Worker {
  const file = pathToFileURL(path.resolve("app/pdf/render-thread.server.ts")).href;
  // The shop runs its TypeScript through tsx, whose hooks a new thread does not inherit: the thread imports its
  // module through tsx's API, which also follows tsconfig's `~/` paths.
  const worker = new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`, {
    eval: true,
    name: "shop-pdf",
  });
  worker.on("message", (answer: PdfAnswer) => {
    const entry = asked.get(answer.id);
    if (!entry) return;
    asked.delete(answer.id);
    if ("pdf" in answer) entry.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    else entry.reject(new Error(answer.error));
    if (asked.size === 0 && thread === worker) {
      worker.unref();
      idle = setTimeout(() => {
        thread = null;
        void worker.terminate();
      }, IDLE_MS).unref();
    }
  });
  const lost = (error?: Error) => {
    if (thread !== worker) return;
    thread = null;
    if (idle) clearTimeout(idle);
    idle = null;
    if (asked.size === 0) return;
    logFailure("the PDF thread ended; drawing its documents in the web worker", error ?? new Error("the thread exited"));
    const left = [...asked.values()];
    asked.clear();
    for (const { ask, resolve, reject } of left) drawHere(ask).then(resolve, reject);
  };
  worker.on("error", lost);
  worker.on("exit", () => lost());
  return worker;
}
