import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startPostgresCluster } from "../../scripts/lib/postgres-cluster";
import { coverageGaps, readRecords, rawSqlSites, recordFolder, siteName } from "./raw-sql-coverage";

/**
 * Starts the run's PostgreSQL cluster and migrates its `vitest` database, as `npm start` would. When the whole project
 * ran, the teardown fails the run if a raw query call site of the shop never ran on PostgreSQL (docs/decisions/0037).
 */
export default function setup(project: TestProject) {
  const port = Number(project.config.env.TEST_POSTGRESQL_PORT);
  const records = recordFolder(port);
  fs.rmSync(records, { recursive: true, force: true });
  const cluster = startPostgresCluster(path.resolve("tests/.tmp", `postgresql-${port}`), port);
  const url = cluster.createDatabase("vitest");
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
  return async () => {
    cluster.stop();
    const { testFiles } = await project.globTestFiles();
    const ran = readRecords(records);
    fs.rmSync(records, { recursive: true, force: true });
    const ranFiles = new Set(ran.flatMap((record) => ("testFile" in record ? [path.resolve(record.testFile)] : [])));
    // A run of some files or some tests cannot tell: only the whole project's run is checked.
    if (project.vitest.config.testNamePattern || testFiles.some((file) => !ranFiles.has(path.resolve(file)))) return;
    const { uncovered, staleAllowances } = coverageGaps(rawSqlSites(), ran);
    const problems = [
      ...uncovered.map((site) => `no test of the postgresql project runs the raw query at ${siteName(site)}`),
      ...staleAllowances.map((key) => `tests/setup/raw-sql-coverage.ts allows ${key}, which has no raw query any more`),
    ];
    if (problems.length > 0) throw new Error(`Raw SQL not tested on PostgreSQL:\n  ${problems.join("\n  ")}`);
  };
}
