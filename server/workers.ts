import cluster from "node:cluster";
import { prisma } from "../app/db.server";
import { logger } from "../app/utils/logger.server";
import { serveClusterMetrics } from "./observability";

/**
 * The primary process: one worker per core, restarted when one dies, all stopped together on a signal. Each worker
 * drains its own requests within SHUTDOWN_TIMEOUT_SECONDS (server/serve.ts); the primary exits once they are gone.
 */
export function superviseWorkers(count: number, entry: string, shutdownTimeoutMs: number) {
  cluster.setupPrimary({ exec: entry });
  serveClusterMetrics();
  let stopping = false;
  let running = 0;
  function fork() {
    running += 1;
    cluster.fork();
  }
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code) => {
    running -= 1;
    if (!stopping) {
      logger.error({ workerPid: worker.process.pid, exitCode: code }, `worker ${worker.process.pid} exited with ${code}; starting another`);
      fork();
    } else if (running === 0) {
      void prisma.$disconnect().then(() => {
        logger.info("stopped");
        process.exit(0);
      });
    }
  });
  function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: running }, `${signal} received: finishing in-flight requests`);
    // A service manager that signals the whole group reaches the workers itself; the signal is idempotent there.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => {
      logger.error({ signal }, "shutdown did not finish: a worker did not exit");
      process.exit(1);
    }, shutdownTimeoutMs + 15_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
