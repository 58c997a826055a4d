import { sharedDatabaseVersion, type DatabaseVersion } from "~/utils/database-version.server";

/**
 * The storefront reads the same few catalogue queries on every page view, and on these small machines running
 * them (and Prisma's query compiler) costs more than rendering the page. Results are kept in memory and dropped
 * as soon as the catalogue changes, which the catalogue's version tells on every call
 * (app/utils/database-version.server.ts, docs/decisions/0055-catalogue-version.md): a hidden product or a new price
 * shows on the very next request, on every server of the shop, while a failed login or a session leaves them kept.
 */
const MAX_ENTRIES = 500;

let version: string | null = null;
let databaseVersion: DatabaseVersion | undefined;
const entries = new Map<string, Promise<unknown>>();

export async function cachedCatalogue<T>(key: string, load: () => Promise<T>): Promise<T> {
  databaseVersion ??= sharedDatabaseVersion(process.env.DATABASE_URL, "catalogue");
  const now = await databaseVersion.read();
  if (now !== version) {
    entries.clear();
    version = now;
  }
  const hit = entries.get(key) as Promise<T> | undefined;
  if (hit) return hit;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  const loading = load();
  entries.set(key, loading);
  // A failed load is not kept: the next request tries again.
  loading.catch(() => entries.delete(key));
  return loading;
}
