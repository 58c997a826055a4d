import { execFileSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";

/** Starts the run's PostgreSQL cluster and migrates its `vitest` database, as `npm start` would. */
export default function setup(project: TestProject) {
  const port = Number(project.config.env.TEST_POSTGRESQL_PORT);
  const cluster = startPostgresCluster(path.resolve("tests/.tmp", `postgresql-${port}`), port);
  const url = cluster.createDatabase("vitest");
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
  return () => cluster.stop();
}
