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

/**
 * Runs `scene` while the shop's payment jobs cannot start a pass (the "payment-jobs" lease of
 * app/models/shop/job-lease.server.ts, taken here as a server of its own would take it, in the same statement on both
 * engines): for a journey that moves an order's hold into the past and means the moment before the hold-expiry job has
 * seen it. A pass under way is waited for; the lease is given back however the scene ends.
 */
export async function withoutPaymentJobs<T>(scene: () => Promise<T>, file?: string): Promise<T> {
  const database = e2eDatabase(file);
  const holder = `e2e-${process.pid}-${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    const taken = await database.$executeRaw`
      INSERT INTO "JobLease" ("name", "holder", "until", "updatedAt") VALUES ('payment-jobs', ${holder}, ${until}, ${now})
      ON CONFLICT ("name") DO UPDATE SET "holder" = ${holder}, "until" = ${until}, "updatedAt" = ${now}
      WHERE "JobLease"."until" < ${now}`;
    if (taken === 1) break;
    if (Date.now() > deadline) throw new Error("the shop's payment jobs kept their lease for a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await scene();
  } finally {
    await database.jobLease.updateMany({ where: { name: "payment-jobs", holder }, data: { until: new Date(0) } });
  }
}
