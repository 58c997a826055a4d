import cluster from "node:cluster";
import type { Readable } from "node:stream";
import readline from "node:readline";
import { stripVTControlCharacters } from "node:util";
import pino from "pino";
import { redactText } from "./redact";

const options: pino.LoggerOptions = {
  base: { pid: process.pid, worker: cluster.worker?.id ?? 0 },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
};

/**
 * The shop's log: JSON lines on stdout (pino), one per request and one per server error with its stack, each with
 * the worker and, where there is one, the request's id (docs/operations.md). What goes in is chosen field by field,
 * so no cookie, header, query value or body can slip into it.
 */
export const logger = pino(options);

/**
 * A failure the shop carries on after (a mail that did not go, a job's pass that stopped): one error record, the
 * error's message with e-mail addresses, phones and signed links redacted, as every log line must be.
 */
export function logFailure(context: string, error: unknown): void {
  logger.error(`${context}: ${redactText(error instanceof Error ? error.message : String(error))}`);
}

function isJsonObject(line: string): boolean {
  if (!line.startsWith("{")) return false;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The same record `logger.info(text)` makes, returned instead of written. */
function asLogLine(text: string): string {
  let line = "";
  pino(options, { write: (record: string) => (line += record) }).info(text);
  return line;
}

let stdoutGuarded = false;

/**
 * CONTRACT.md: with NODE_ENV=production every line on stdout is one JSON object. The shop's own messages go through
 * `logger`; this catches whatever else writes plain text to process.stdout (a library, a message not yet moved to
 * the logger) and turns each such line into a log record, colour codes removed. pino writes to the file descriptor
 * itself, not through process.stdout, so its records pass untouched.
 */
export function keepStdoutJson() {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  const write = process.stdout.write.bind(process.stdout) as (chunk: string, callback?: (error?: Error | null) => void) => boolean;
  let partial = "";
  const guarded = (
    chunk: string | Uint8Array,
    encodingOrCallback?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean => {
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    let out = "";
    for (const raw of lines) {
      const line = stripVTControlCharacters(raw).trim();
      if (line !== "") out += isJsonObject(line) ? `${line}\n` : asLogLine(line);
    }
    return write(out, done);
  };
  process.stdout.write = guarded as typeof process.stdout.write;
}

/**
 * A child process's output (`prisma migrate deploy`, `remix build`) as log records, one per non-empty line, colour
 * codes removed: stdout at level info, stderr at warn. Resolves once both streams have ended.
 */
export function logOutputOf(command: string, stdout: Readable, stderr: Readable): Promise<void> {
  const relay = (stream: Readable, level: "info" | "warn") =>
    new Promise<void>((resolve) => {
      const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
      lines.on("line", (raw) => {
        const line = stripVTControlCharacters(raw).trim();
        if (line !== "") logger[level]({ command }, line);
      });
      lines.on("close", resolve);
    });
  return Promise.all([relay(stdout, "info"), relay(stderr, "warn")]).then(() => undefined);
}
