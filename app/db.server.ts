import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "~/generated/prisma/client";
import { resolveSqliteUrl } from "~/utils/database-url";

export type { Prisma } from "~/generated/prisma/client";

function createClient(url: string | undefined) {
  const adapter = new PrismaBetterSQLite3({ url: resolveSqliteUrl(url), timeout: 5000 });
  return new PrismaClient({ adapter });
}

declare global {
  var __shopPrisma: ReturnType<typeof createClient> | undefined;
}

/** One client per process; kept on globalThis so a rebuilt server bundle reuses it. */
export const prisma = (globalThis.__shopPrisma ??= createClient(process.env.DATABASE_URL));

let pragmasApplied: Promise<void> | undefined;

/** WAL lets readers run beside the writer; synchronous=NORMAL is safe with WAL and much faster. */
export function prepareDatabase(): Promise<void> {
  pragmasApplied ??= (async () => {
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    await prisma.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  })();
  return pragmasApplied;
}
