import cluster from "node:cluster";
import { prisma } from "../app/db.server";
import { serveClusterMetrics } from "./observability";

/** The primary process: one worker per core, restarted when one dies, all stopped together on a signal. */
export function superviseWorkers(count: number, entry: string) {
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
      process.stderr.write(`worker ${worker.process.pid} exited with ${code}; starting another\n`);
      fork();
    } else if (running === 0) {
      void prisma.$disconnect().then(() => process.exit(0));
    }
  });
  function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: finishing in-flight requests\n`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
