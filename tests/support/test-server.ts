import { afterAll, beforeAll } from "vitest";
import { startServer } from "../setup/server-process";

/** The same files run on SQLite and on PostgreSQL side by side: each engine's servers get ports of their own. */
export const PROJECT_PORT_OFFSET = process.env.DATABASE_URL?.startsWith("postgres") ? 20_000 : 0;

/** Ports fetch refuses to call ("bad port" in the Fetch standard): a server there could not be reached by the tests. */
const FETCH_BAD_PORTS = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** A random port in [firstPort, firstPort + spread), moved by the engine's offset, that fetch will call. */
export function randomTestPort(firstPort: number, spread: number): number {
  for (;;) {
    const port = firstPort + PROJECT_PORT_OFFSET + Math.floor(Math.random() * spread);
    if (!FETCH_BAD_PORTS.has(port)) return port;
  }
}

/**
 * The real server.ts (production build) for the tests of one describe block: started before them on a random port
 * in [firstPort, firstPort + spread), each file its own range so files running side by side never meet, and killed
 * after them. `process` is set once the server is up.
 */
export function useTestServer(firstPort: number, spread: number, env: Record<string, string> = {}) {
  const port = randomTestPort(firstPort, spread);
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
