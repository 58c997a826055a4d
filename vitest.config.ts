import path from "node:path";
import { defineConfig } from "vitest/config";

// One fresh SQLite file per run, migrated by the global setup; tests never mock Prisma.
const databaseFile = path.resolve("tests/.tmp", `vitest-${process.pid}.db`);

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "prisma/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/vitest-global.ts"],
    setupFiles: ["tests/setup/vitest-each.ts"],
    env: { DATABASE_URL: `file:${databaseFile}`, SESSION_SECRET: "test-secret-that-is-long-enough-123" },
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
