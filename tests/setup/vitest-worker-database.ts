import { workerDatabaseUrl } from "./worker-database";

// The first setup file: this worker's own database (tests/setup/worker-database.ts), before any test file imports
// app/db.server. Servers and scripts a test starts inherit it through process.env.
const workerId = Number(process.env.VITEST_POOL_ID ?? "1");
if (process.env.DATABASE_URL) process.env.DATABASE_URL = workerDatabaseUrl(process.env.DATABASE_URL, workerId);
