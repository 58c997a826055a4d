import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { randomTestPort } from "../tests/support/test-server";

/**
 * The container image's steps (Dockerfile) without a registry: deploy/build.sh and deploy/start.sh on a fresh clone
 * of this repository's committed HEAD. The install is the one thing replaced: `npm ci` needs the registry, so the
 * clone gets a copy of this checkout's node_modules (installed from the same package-lock.json, checked below) and
 * runs the project's own postinstall (patches, Prisma clients) on it. Everything after is the image's: build, prune the
 * dev dependencies, then start with NODE_ENV=production on what is left, answer /healthz, and drain on SIGTERM.
 */
const repository = path.resolve(".");
const clone = fs.mkdtempSync(path.join(os.tmpdir(), "shop-deploy-"));
afterAll(() => fs.rmSync(clone, { recursive: true, force: true }));

/** The runner's environment without the test run's own variables (NODE_ENV=test, its database and secret). */
function operatorEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ["NODE_ENV", "DATABASE_URL", "SESSION_SECRET", "TEST_POSTGRESQL_PORT"]) delete env[name];
  return env;
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return execFileSync(command, args, { cwd: clone, env: operatorEnv(env), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

describe("deploy/build.sh and deploy/start.sh on a fresh clone", () => {
  it("build, prune the dev dependencies, start in production, answer /healthz, and stop on SIGTERM within the drain", { timeout: 300_000 }, async () => {
    execFileSync("git", ["clone", "--quiet", repository, clone]);
    expect(fs.readFileSync(path.join(clone, "package-lock.json"), "utf8")).toBe(fs.readFileSync("package-lock.json", "utf8"));
    execFileSync("cp", ["-a", "--reflink=auto", fs.realpathSync("node_modules"), path.join(clone, "node_modules")]);
    run("sh", ["deploy/build.sh"], { DEPLOY_INSTALL: "npm run postinstall" });
    expect(fs.existsSync(path.join(clone, "build/index.js"))).toBe(true);
    for (const dev of ["vitest", "@remix-run/dev", "@playwright/test", "eslint"]) expect(fs.existsSync(path.join(clone, "node_modules", dev))).toBe(false);
    expect(fs.existsSync(path.join(clone, "node_modules/tsx"))).toBe(true);

    const port = randomTestPort(7700, 80);
    const shutdownSeconds = 5;
    const child = spawn("sh", ["deploy/start.sh"], {
      cwd: clone,
      stdio: ["ignore", "pipe", "pipe"],
      // Only what an operator sets.
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: "production",
        ALLOW_TEST_PAYMENTS: "1",
        SEED_DEMO: "0",
        PORT: String(port),
        WEB_CONCURRENCY: "1",
        SHUTDOWN_TIMEOUT_SECONDS: String(shutdownSeconds),
      } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 150_000, interval: 250 }).toContain("Shop listening");
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect({ status: health.status, body: await health.json() }).toEqual({ status: 200, body: { status: "ok", database: "ok" } });
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      // No build at start, and each log line is one JSON object (production).
      expect(output).not.toContain("remix build");
      for (const line of output.trim().split("\n")) expect(() => JSON.parse(line) as unknown).not.toThrow();
      // start.sh execs node: the signal reaches the server itself, which drains and exits 0 within its time.
      const stopping = Date.now();
      child.kill("SIGTERM");
      expect(await exit).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(shutdownSeconds * 1000);
      expect(output).toContain("SIGTERM received");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
