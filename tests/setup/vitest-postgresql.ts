import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";
import { EXPECTED_FILES, recordFolder } from "./raw-sql-coverage";
import { workerDatabaseUrl, workerIds } from "./worker-database";

/**
 * Starts one PostgreSQL cluster per worker (decision 0051) and migrates its `vitest` database, as `npm start` would. It also starts the
 * run's record of the raw queries run (tests/setup/raw-sql-coverage.ts): empty, with the project's test files.
 */
export default async function setup(project: TestProject) {
  const port = Number(project.config.env.TEST_POSTGRESQL_PORT);
  const records = recordFolder(port);
  fs.rmSync(records, { recursive: true, force: true });
  fs.mkdirSync(records, { recursive: true });
  const { testFiles } = await project.globTestFiles();
  fs.writeFileSync(path.join(records, EXPECTED_FILES), JSON.stringify(testFiles.map((file) => path.relative(path.resolve("."), file).split(path.sep).join("/"))));
  const base = project.config.env.DATABASE_URL as string;
  const clusters = workerIds().map((id) => {
    const { port: workerPort, pathname } = new URL(workerDatabaseUrl(base, id));
    const cluster = startPostgresCluster(path.resolve("tests/.tmp", `postgresql-${workerPort}`), Number(workerPort));
    const url = cluster.createDatabase(pathname.slice(1));
    execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
    return cluster;
  });
  return () => {
    for (const cluster of clusters) cluster.stop();
    fs.rmSync(records, { recursive: true, force: true });
  };
}
