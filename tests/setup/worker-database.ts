/**
 * One database per vitest worker (decision 0051): files that run side by side must not see each other's writes, as
 * tests that count what a whole-shop change did (the page cache's version, metrics, the owner's mails) would. The
 * global setups make one per worker from the project's DATABASE_URL; `vitest-worker-database.ts` points each worker
 * at its own before anything opens a connection.
 */
export const VITEST_WORKERS = 2;

export function workerIds(): number[] {
  return Array.from({ length: VITEST_WORKERS }, (_, index) => index + 1);
}

/**
 * `file:….db` becomes `file:…-w2.db`. On PostgreSQL each worker has a cluster of its own, on the next port
 * (`…:12000/vitest` becomes `…:12001/vitest` for worker 2): the page cache's version is the cluster's snapshot, which
 * a write to any database of the cluster moves.
 */
export function workerDatabaseUrl(url: string, workerId: number): string {
  if (url.startsWith("file:")) return url.replace(/\.db$/, `-w${workerId}.db`);
  const parsed = new URL(url);
  parsed.port = String(Number(parsed.port) + workerId - 1);
  return parsed.toString();
}
