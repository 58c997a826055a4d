/**
 * Playwright's first web server when E2E_ENGINE=postgresql: the run's throw-away PostgreSQL cluster. The shops'
 * servers (tests/setup/e2e-server.ts) each create a fresh database of their own in it. Playwright stops this one
 * with SIGTERM (gracefulShutdown in playwright.config.ts): the cluster's server runs in a session of its own, which
 * killing this process would leave running; a killed run's cluster is stopped by the next run's start.
 */
import fs from "node:fs";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";
import { e2ePostgresqlDirectory, e2ePostgresqlPort } from "../support/e2e-engine";

const cluster = startPostgresCluster(e2ePostgresqlDirectory(), e2ePostgresqlPort());

function stop() {
  try {
    cluster.stop();
  } finally {
    // The server's last files may still be going away as the folder is removed.
    fs.rmSync(e2ePostgresqlDirectory(), { recursive: true, force: true, maxRetries: 5 });
    process.exit(0);
  }
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// Playwright waits for the port; this process stays until it is told to stop.
setInterval(() => undefined, 60_000);
