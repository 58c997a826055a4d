import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../../app/generated/prisma/client";
import { resolveSqliteUrl } from "../../app/utils/database-url";

const clients = new Map<string, PrismaClient>();

/**
 * The database of a browser tests' server (playwright.config.ts): the main shop's unless another file is named (the
 * gateway shops have their own), for the factories and for checking what a page saved.
 */
export function e2eDatabase(file = "tests/.tmp/e2e.db"): PrismaClient {
  let client = clients.get(file);
  if (!client) {
    client = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(`file:${path.resolve(file)}`), timeout: 5000 }) });
    clients.set(file, client);
  }
  return client;
}
