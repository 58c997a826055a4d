import { sharedCatalogueVersion, type CatalogueScope, type CatalogueVersion } from "./database-version.server";

/**
 * The storefront reads the same few catalogue queries on every page view, and on these small machines running
 * them (and Prisma's query compiler) costs more than rendering the page. Results are kept in memory and dropped
 * as soon as what they show changes, which the catalogue's versions tell on every call
 * (app/models/shop/database-version.server.ts, docs/decisions/0055 and 0059): a hidden product or a new price shows on the
 * very next request, on every server of the shop, while a failed login, a session or another product's sale leave
 * them kept.
 */
const MAX_ENTRIES = 500;

let listVersion: string | null = null;
let catalogueVersion: CatalogueVersion | undefined;
const entries = new Map<string, { version: string; value: Promise<unknown> }>();

/**
 * `scope` says what the answer shows (`CatalogueScope`): the listing (categories, settings, listings that show only
 * whether a product is for sale), one product, or every product's exact stock, the default for anything else.
 */
export async function cachedCatalogue<T>(key: string, load: () => Promise<T>, scope: CatalogueScope = "stock"): Promise<T> {
  catalogueVersion ??= sharedCatalogueVersion(process.env.DATABASE_URL);
  const now = await catalogueVersion.read(scope);
  if (now.list !== listVersion) {
    entries.clear();
    listVersion = now.list;
  }
  const hit = entries.get(key);
  if (hit?.version === now.scoped) return hit.value as Promise<T>;
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  const loading = load();
  const entry = { version: now.scoped, value: loading };
  entries.set(key, entry);
  // A failed load is not kept: the next request tries again.
  loading.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return loading;
}
