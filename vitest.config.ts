import path from "node:path";
import { defineConfig } from "vitest/config";

// One fresh SQLite file per run, migrated by the global setup; tests never mock Prisma.
const databaseFile = path.resolve("tests/.tmp", `vitest-${process.pid}.db`);
// And one throw-away PostgreSQL cluster per run (tests/setup/vitest-postgresql.ts) for the tests that run on both.
// Below Linux's ephemeral ports (32768 and up), which outgoing connections take at random.
export const postgresqlPort = 12_000 + (process.pid % 2000);
const postgresqlUrl = `postgresql://shop@127.0.0.1:${postgresqlPort}/vitest`;

/** What runs on both engines: the model functions and the server-level API tests. */
const onBothEngines = ["app/models/**/*.test.ts", "app/auth/**/*.test.ts", "app/admin/**/*.test.ts", "tests/integration/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    setupFiles: ["tests/setup/vitest-each.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["app/**/*.test.{ts,tsx}", "prisma/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
          // Several servers on one database is what PostgreSQL is for.
          exclude: ["tests/integration/several-servers.test.ts"],
          globalSetup: ["tests/setup/vitest-global.ts"],
          env: { DATABASE_URL: `file:${databaseFile}`, SESSION_SECRET: "test-secret-that-is-long-enough-123" },
        },
      },
      {
        extends: true,
        test: {
          name: "postgresql",
          include: onBothEngines,
          // The fuzz test's 10,000 requests prove the request handling, which is the same on both engines.
          exclude: ["tests/integration/fuzz.test.ts"],
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
