import cluster from "node:cluster";
import pino from "pino";

/**
 * The shop's log: JSON lines on stdout (pino), one per request and one per server error with its stack, each with
 * the worker and, where there is one, the request's id (docs/operations.md). What goes in is chosen field by field,
 * so no cookie, header, query value or body can slip into it.
 */
export const logger = pino({
  base: { pid: process.pid, worker: cluster.worker?.id ?? 0 },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
