import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { databaseEngine } from "~/db.server";
import { startServer } from "../setup/server-process";
import { randomTestPort } from "../support/test-server";

/**
 * A rolling restart starts a server of the same release beside running ones: `npm start` must come up on the same
 * database while the others keep writing, on either engine. On SQLite, `prisma migrate deploy` alone failed there
 * ("WASM_ERROR … unknown variant `SocketTimeout`"), because it takes the write lock even with nothing to apply.
 */
describe("npm start beside a running server", () => {
  it(`comes up on the same ${databaseEngine} database while the first server is busy writing`, { timeout: 120_000 }, async () => {
    const first = randomTestPort(5900, 40);
    const second = first + 50;
    const running = startServer(first, { WEB_CONCURRENCY: "1" });
    await running.ready;
    let writing = true;
    // Every POST /api/orders counts a rate-limit row in the database: a write per request, as busy shoppers make.
    const writer = (async () => {
      let writes = 0;
      while (writing) {
        await Promise.all(
          Array.from({ length: 8 }, () =>
            fetch(`http://127.0.0.1:${first}/api/orders`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }).then((response) => response.arrayBuffer()),
          ),
        );
        writes += 8;
      }
      return writes;
    })();
    const starter = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
      env: { ...process.env, PORT: String(second), WEB_CONCURRENCY: "1", ADMIN_PASSWORD: "integration-password" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    starter.stdout.on("data", (chunk) => (output += String(chunk)));
    starter.stderr.on("data", (chunk) => (output += String(chunk)));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 250 }).toContain("Shop listening");
      expect(output).toContain("Database schema is up to date");
      expect(output).not.toContain("WASM_ERROR");
      expect((await fetch(`http://127.0.0.1:${second}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${first}/healthz`)).status).toBe(200);
    } finally {
      writing = false;
      expect(await writer).toBeGreaterThan(0);
      starter.kill("SIGKILL");
      running.child.kill("SIGKILL");
    }
  });
});
