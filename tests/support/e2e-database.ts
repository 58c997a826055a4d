import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../../app/generated/prisma/client";
import { PrismaClient as PostgresqlPrismaClient } from "../../app/generated/prisma-postgresql/client";
import { resolveSqliteUrl } from "../../app/utils/database-url";
import { E2E_ENGINE, e2eDatabaseUrl } from "./e2e-engine";

const clients = new Map<string, PrismaClient>();

/**
 * The database of a browser tests' server (playwright.config.ts): the main shop's unless another file is named (the
 * gateway shops have their own), for the factories and for checking what a page saved. On the engine the shops run
 * on (tests/support/e2e-engine.ts); both clients have the same model API, typed as the SQLite one's (app/db.server.ts).
 */
export function e2eDatabase(file = "tests/.tmp/e2e.db"): PrismaClient {
  let client = clients.get(file);
  if (!client) {
    client =
      E2E_ENGINE === "postgresql"
        ? (new PostgresqlPrismaClient({ adapter: new PrismaPg({ connectionString: e2eDatabaseUrl(file), max: 2 }) }) as unknown as PrismaClient)
        : new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(`file:${path.resolve(file)}`), timeout: 5000 }) });
    clients.set(file, client);
  }
  return client;
}
