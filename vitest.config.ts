import path from "node:path";
import { defineConfig } from "vitest/config";
import { VITEST_WORKERS } from "./tests/setup/worker-database";

// One fresh SQLite file per run and worker (…-w1.db, …), migrated by the global setup; tests never mock Prisma.
const databaseFile = path.resolve("tests/.tmp", `vitest-${process.pid}.db`);
const node24DatabaseFile = path.resolve("tests/.tmp", `vitest-${process.pid}-node24.db`);
// And one throw-away PostgreSQL cluster per run and worker (tests/setup/vitest-postgresql.ts) for the tests that run on both.
// Below Linux's ephemeral ports (32768 and up), which outgoing connections take at random.
// Two ports per run (one cluster per worker, tests/setup/worker-database.ts): 12000–13999.
export const postgresqlPort = 12_000 + (process.pid % 1000) * 2;
const postgresqlUrl = `postgresql://shop@127.0.0.1:${postgresqlPort}/vitest`;

/**
 * Pure functions (no database, no server, no process.env or module state changed): one module graph for all of them
 * instead of a fresh one per file, which halved their CPU (decision 0084). A file that changes the environment or a
 * module's state (app/utils/cookies.server.test.ts sets production) stays out of this list and runs in the sqlite
 * project, on a graph of its own.
 */
const pureUnits = [
  "app/{shared,i18n,cookies,mail,messages,payments}/**/*.test.{ts,tsx}",
  "app/utils/{client-address,csv,form-data,logger,redact,safe-redirect}*.test.ts",
  "app/{entry.server,react-stream,env.server}.test.{ts,tsx}",
  "server/{body-limit,remix-request,router-patch,router-versions,page-cache}.test.ts",
];

/** What runs on both engines: the model functions and the server-level API tests. */
const onBothEngines = ["app/models/**/*.test.ts", "app/auth/**/*.test.ts", "app/admin/**/*.test.ts", "tests/integration/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    // The worker's own database first (decision 0051), then the checks every test file shares.
    setupFiles: ["tests/setup/vitest-worker-database.ts", "tests/setup/vitest-each.ts"],
    // Threads, not processes: a file's fresh start (vitest's own modules, the app's import) is cheaper in a worker
    // thread, and each thread still has its own process.env, which the child processes it starts inherit
    // (`npx vitest run` 7 min 48 s with forks, 7 min 20 s with threads on the same quiet machine, decision 0063).
    pool: "threads",
    // Most files wait on servers, processes and fakes, not the CPU: two at a time even on 2 cores (vitest's default
    // there is one), each worker with a database of its own.
    maxWorkers: VITEST_WORKERS,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["app/**/*.test.{ts,tsx}", "prisma/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // Several servers on one database is what PostgreSQL is for.
          exclude: ["tests/integration/several-servers.test.ts", "tests/integration/nginx-rolling.test.ts", ...pureUnits],
          globalSetup: ["tests/setup/vitest-global.ts"],
          env: { DATABASE_URL: `file:${databaseFile}`, SESSION_SECRET: "test-secret-that-is-long-enough-123" },
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          include: pureUnits,
          isolate: false,
          env: { DATABASE_URL: `file:${databaseFile}`, SESSION_SECRET: "test-secret-that-is-long-enough-123" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: onBothEngines,
          // What happens above the database is the same on both engines and runs once, on SQLite (decision 0084):
          // the fuzz test's 10,000 requests and the request bounds (the request handling), the error answers' wording,
          // the role guard (it refuses before any query), the server's headers and signals, and the gateways' HTTP
          // (their webhooks, redirects and refunds reach the payment functions, whose races payment.server.test.ts and
          // refund.server.test.ts run here). The raw-sql project checks that every raw query still runs on PostgreSQL.
          exclude: [
            "tests/integration/fuzz.test.ts",
            "tests/integration/request-bounds.test.ts",
            "tests/integration/api-errors.test.ts",
            "tests/integration/admin-role-guard.test.ts",
            "tests/integration/server.test.ts",
            "tests/integration/gateways.test.ts",
          ],
          // Records the raw queries run, which the raw-sql project checks against the source's (decision 0037).
          // Added to the shared setup file (extends merges the lists).
          setupFiles: ["tests/setup/vitest-raw-sql.ts"],
          globalSetup: ["tests/setup/vitest-postgresql.ts"],
          env: { DATABASE_URL: postgresqlUrl, SESSION_SECRET: "test-secret-that-is-long-enough-123", TEST_POSTGRESQL_PORT: String(postgresqlPort) },
        },
      },
      {
        extends: true,
        test: {
          // After the others, on a database of its own: the shop on Node 24 LTS, from the copy scripts/node24-copy.sh
          // makes (decision 0073), which npm test starts making in the background at its very start.
          name: "node24",
          include: ["tests/platform/**/*.test.ts"],
          sequence: { groupOrder: 1 },
          globalSetup: ["tests/setup/vitest-global.ts"],
          env: { DATABASE_URL: `file:${node24DatabaseFile}`, SESSION_SECRET: "test-secret-that-is-long-enough-123" },
        },
      },
      {
        extends: true,
        test: {
          // After the others: checks that the postgresql project ran every raw query of the shop (decision 0037).
          name: "raw-sql",
          include: ["tests/raw-sql/**/*.test.ts"],
          sequence: { groupOrder: 1 },
          env: { TEST_POSTGRESQL_PORT: String(postgresqlPort) },
        },
      },
    ],
  },
});
