import fs from "node:fs";
import path from "node:path";

/** What readiness and `npm start` need of a database client: one raw query. */
export type RawQuery = (sql: string) => Promise<unknown>;

/** The folder of this release's migrations for an engine (each engine has its own, docs/decisions/0018). */
export function migrationsFolder(engine: "sqlite" | "postgresql"): string {
  return engine === "postgresql" ? path.join("prisma", "postgresql", "migrations") : path.join("prisma", "migrations");
}

/**
 * The migration folders of this release that the database has not finished applying. A database with no migrations
 * table yet (never migrated) has them all pending; any other failure (the database is unreachable) is thrown.
 */
export async function pendingMigrations(query: RawQuery, folder: string): Promise<string[]> {
  const shipped = shippedMigrations(folder);
  let applied: { migration_name: string }[];
  try {
    applied = (await query(
      'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    )) as { migration_name: string }[];
  } catch (error) {
    if (/_prisma_migrations/.test(String(error)) && /no such table|does not exist/i.test(String(error))) return shipped;
    throw error;
  }
  const done = new Set(applied.map((row) => row.migration_name));
  return shipped.filter((name) => !done.has(name));
}

/** The migrations this release ships, oldest first. */
export function shippedMigrations(folder: string): string[] {
  return fs
    .readdirSync(folder)
    .filter((name) => fs.existsSync(path.join(folder, name, "migration.sql")))
    .sort();
}
