/**
 * Which database engine the browser tests' shops run on: SQLite files by default, or with E2E_ENGINE=postgresql one
 * database per shop in a throw-away cluster (tests/setup/e2e-postgresql.ts), on the port after the shops'. Read by
 * playwright.config.ts (the servers' DATABASE_URL) and tests/support/e2e-database.ts (the factories' client).
 */
import path from "node:path";

export type E2eEngine = "sqlite" | "postgresql";

export const E2E_ENGINE: E2eEngine = process.env.E2E_ENGINE === "postgresql" ? "postgresql" : "sqlite";

const basePort = () => Number(process.env.E2E_PORT ?? 3210);

/** The cluster's port: next to the shops' (E2E_PORT + 2 to + 5) and the mail server's (E2E_PORT + 1000). */
export const e2ePostgresqlPort = () => basePort() + 6;

/** The data directory of the run's cluster. */
export const e2ePostgresqlDirectory = () => path.resolve("tests/.tmp", `e2e-postgresql-${e2ePostgresqlPort()}`);

/** A shop's database, named by its SQLite file ("tests/.tmp/e2e.db"); on PostgreSQL, a database named after the file. */
export function e2eDatabaseUrl(file: string): string {
  if (E2E_ENGINE === "sqlite") return `file:./${file}`;
  return `postgresql://shop@127.0.0.1:${e2ePostgresqlPort()}/${path.basename(file, ".db")}`;
}
