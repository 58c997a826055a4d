import { afterAll, beforeAll } from "vitest";
import { startServer } from "../setup/server-process";

/** The same files run on SQLite and on PostgreSQL side by side: each engine's servers get ports of their own. */
export const PROJECT_PORT_OFFSET = process.env.DATABASE_URL?.startsWith("postgres") ? 20_000 : 0;

/**
 * The real server.ts (production build) for the tests of one describe block: started before them on a random port
 * in [firstPort, firstPort + spread), each file its own range so files running side by side never meet, and killed
 * after them. `process` is set once the server is up.
 */
export function useTestServer(firstPort: number, spread: number, env: Record<string, string> = {}) {
  const port = firstPort + PROJECT_PORT_OFFSET + Math.floor(Math.random() * spread);
  const shop = { port, base: `http://127.0.0.1:${port}`, process: undefined as unknown as ReturnType<typeof startServer> };
  beforeAll(async () => {
    shop.process = startServer(port, env);
    await shop.process.ready;
  }, 60_000);
  afterAll(() => {
    if (shop.process?.child.exitCode === null) shop.process.child.kill("SIGKILL");
  });
  return shop;
}
