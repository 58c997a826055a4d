import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../../app/generated/prisma/client";
import { resolveSqliteUrl } from "../../app/utils/database-url";

let client: PrismaClient | undefined;

/** The browser tests' server database (playwright.config.ts), for the factories and for checking what a page saved. */
export function e2eDatabase(): PrismaClient {
  client ??= new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(`file:${path.resolve("tests/.tmp/e2e.db")}`), timeout: 5000 }),
  });
  return client;
}
