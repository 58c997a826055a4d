import http from "node:http";
import { describe, expect, it } from "vitest";
import { exitOf, startServer } from "../setup/server-process";
import { randomTestPort } from "../support/test-server";

/** One GET on the agent's one kept-alive connection. */
function get(agent: http.Agent, port: number, path: string): Promise<{ status: number; body: unknown; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += String(chunk)));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown, connection: response.headers.connection }));
      })
      .on("error", reject);
  });
}

describe("GET /readyz on a real server", () => {
  it("answers 200 while serving, and 503 draining once SIGTERM came, on a connection a proxy kept open", { timeout: 60_000 }, async () => {
    const port = randomTestPort(7800, 80);
    const shop = startServer(port, { WEB_CONCURRENCY: "1", SHUTDOWN_TIMEOUT_SECONDS: "10" });
    await shop.ready;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, port, "/readyz")).toMatchObject({ status: 200, body: { status: "ready", reason: "ok" } });
      const exited = exitOf(shop.child);
      shop.child.kill("SIGTERM");
      await expect.poll(() => shop.output(), { timeout: 10_000 }).toContain("SIGTERM received");
      // The idle kept-alive connection is still open (a proxy's next request on it is answered), and says so.
      expect(await get(agent, port, "/readyz")).toEqual({ status: 503, body: { status: "not ready", reason: "draining" }, connection: "close" });
      expect(await exited).toBe(0);
    } finally {
      agent.destroy();
      if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
    }
  });
});
