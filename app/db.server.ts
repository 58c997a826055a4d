import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Prisma, PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresqlPrismaClient } from "~/generated/prisma-postgresql/client";
import { databaseEngineOf, resolveSqliteUrl, type DatabaseEngine } from "~/utils/database-url";
import { watchDatabasePool } from "~/utils/metrics.server";

export type { Prisma } from "~/generated/prisma/client";
export type { DatabaseEngine } from "~/utils/database-url";

/**
 * Connections each process keeps to PostgreSQL, unless the URL says `?connection_limit=N` (Prisma's own name for
 * it). A worker is one thread, so a few connections keep it busy; with 4 workers on each of 3 servers, the pools and
 * each worker's one cache-version connection take 72 of PostgreSQL's default 100 (docs/several-servers.md).
 */
const DEFAULT_POOL_SIZE = 5;

export function postgresqlPoolOptions(url: string) {
  const parsed = new URL(url);
  const limit = Number(parsed.searchParams.get("connection_limit"));
  parsed.searchParams.delete("connection_limit");
  return { connectionString: parsed.toString(), max: Number.isInteger(limit) && limit > 0 ? limit : DEFAULT_POOL_SIZE };
}

/**
 * Both engines' clients are generated from one data model (docs/decisions/0018-two-database-engines.md), so their
 * model APIs are the same; the code is typed against the SQLite client's, and the few places where the engines
 * differ (raw SQL, case-insensitive search) ask `databaseEngine`.
 */
function createClient(url: string | undefined): PrismaClient {
  if (databaseEngineOf(url) === "postgresql") {
    // The pool is ours, so /metrics can tell how many queries wait for a connection; idle, it lets a process end.
    const pool = new pg.Pool({ ...postgresqlPoolOptions(url as string), connectionTimeoutMillis: 10_000, allowExitOnIdle: true });
    watchDatabasePool(pool);
    const adapter = new PrismaPg(pool);
    // A burst (a hundred webhooks and return pages for one order) queues for the pool's connections: wait for one
    // rather than fail after Prisma's default 2 s.
    return new PostgresqlPrismaClient({ adapter, transactionOptions: { maxWait: 10_000, timeout: 15_000 } }) as unknown as PrismaClient;
  }
  // Reads outside a transaction on a connection of their own, which sees only what is committed; every other statement
  // waits for the transaction a request holds open between its statements, instead of joining it; a write that finds
  // another worker holding the write lock waits on timers, not inside SQLite with the event loop stopped (decision 0098).
  const adapter = new PrismaBetterSQLite3({ url: resolveSqliteUrl(url), timeout: 5000 }, { readConnection: true, timedBusyWait: true });
  return new PrismaClient({ adapter });
}

declare global {
  var __shopPrisma: PrismaClient | undefined;
}

export const databaseEngine: DatabaseEngine = databaseEngineOf(process.env.DATABASE_URL);

/** One client per process; kept on globalThis so a rebuilt server bundle reuses it. */
export const prisma = (globalThis.__shopPrisma ??= createClient(process.env.DATABASE_URL));

let pragmasApplied: Promise<void> | undefined;

/** SQLite: WAL lets readers run beside the writer; synchronous=NORMAL is safe with WAL and much faster. */
export function prepareDatabase(): Promise<void> {
  pragmasApplied ??= (async () => {
    if (databaseEngine !== "sqlite") return;
    await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    await prisma.$queryRawUnsafe("PRAGMA synchronous = NORMAL");
    await prisma.$queryRawUnsafe("PRAGMA foreign_keys = ON");
  })();
  return pragmasApplied;
}

/** A JSON value for raw SQL: PostgreSQL's column is jsonb and takes no text without a cast; SQLite keeps text. */
export function sqlJson(value: unknown): Prisma.Sql {
  const text = JSON.stringify(value);
  return databaseEngine === "postgresql" ? Prisma.sql`CAST(${text} AS jsonb)` : Prisma.sql`${text}`;
}

/**
 * Whether a failed statement was refused by a database constraint, in either engine's words: SQLite says
 * "NOT NULL constraint failed: Product.stockQuantity" or "UNIQUE constraint failed: Order.orderNumber", PostgreSQL
 * names the column (not-null) or the constraint ("Order_orderNumber_key"). Prisma's own codes cover its queries.
 */
export function isConstraintRefusal(error: unknown, kind: "notNull" | "unique", table: string, column: string): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  const text = error instanceof Error ? error.message : String(error);
  if (kind === "notNull") {
    return (
      new RegExp(`NOT NULL constraint failed: ${table}\\.${column}\\b`).test(text) ||
      new RegExp(`null value in column "${column}" of relation "${table}" violates not-null constraint`).test(text)
    );
  }
  return (
    (code === "P2002" && JSON.stringify((error as { meta?: unknown }).meta ?? "").includes(column)) ||
    new RegExp(`UNIQUE constraint failed: ${table}\\.${column}\\b`).test(text) ||
    new RegExp(`unique constraint "${table}_${column}_key"`).test(text)
  );
}

/**
 * A "contains" filter that ignores the case of Latin letters on both engines, as SQLite's LIKE does; PostgreSQL
 * needs Prisma's `mode: "insensitive"` (ILIKE), which the SQLite client's types do not know. Arabic has no case.
 * Prisma hands `term` to LIKE unescaped, so a search for "%" or "_" would match every row: on PostgreSQL, whose LIKE
 * takes a backslash as its escape, the term's %, _ and backslash are escaped. Prisma's SQLite LIKE has no ESCAPE
 * clause and so no way to escape them: a term with one (`hasLikeWildcard`) is looked up with `idsContaining` instead.
 */
export function textContains(term: string): Prisma.StringFilter {
  return (
    databaseEngine === "postgresql"
      ? { contains: term.replace(/[\\%_]/g, (character) => `\\${character}`), mode: "insensitive" }
      : { contains: term }
  ) as Prisma.StringFilter;
}

/** Whether `textContains(term)` would read part of the term as a wildcard on SQLite: a % or an _. */
export function hasLikeWildcard(term: string): boolean {
  return /[%_]/.test(term);
}

/**
 * The ids of the rows of `table` whose `column` holds `term`, its %, _ and backslash taken as themselves (LIKE with a
 * backslash ESCAPE) and Latin letters in any case, as `textContains` finds them: what a search whose term has a
 * wildcard asks instead, on both engines alike (probe 2, item 9). The names come from the types, never from a caller's text.
 */
export async function idsContaining(table: "Order", column: "fullName", term: string): Promise<string[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM ${Prisma.raw(`"${table}"`)} WHERE LOWER(${Prisma.raw(`"${column}"`)}) LIKE LOWER(${pattern}) ESCAPE '\\'`;
  return rows.map((row) => row.id);
}
