import { prisma } from "~/db.server";

/**
 * The storefront reads the same few catalogue queries on every page view, and on these small machines running
 * them (and Prisma's query compiler) costs more than rendering the page. Results are kept in memory and dropped
 * as soon as anything in the database changes: `total_changes()` counts every write made through our connection
 * and `data_version` every commit made by another connection (a seed, a second process), so a hidden product or
 * a new price shows on the very next request. One cheap query checks this per request.
 */
const MAX_ENTRIES = 500;

let version: string | null = null;
const entries = new Map<string, Promise<unknown>>();

async function currentVersion(): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<{ changes: number | bigint; dataVersion: number | bigint }[]>(
    "SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version()) AS dataVersion",
  );
  return `${rows[0].changes}:${rows[0].dataVersion}`;
}

export async function cachedCatalogue<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = await currentVersion();
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
