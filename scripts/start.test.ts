import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { randomTestPort } from "../tests/support/test-server";

/**
 * `npm start` as an operator runs it: the real npm, on a fresh machine's files (its own `data/` folder and SQLite
 * file), stopped the way docker and systemd stop it. The build is the one `npm test` makes before the tests.
 */
const repository = path.resolve(".");

/** A copy of the project made of links, except `data/`: a first start there is a first start on a fresh machine. */
function freshCheckout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-start-"));
  for (const entry of fs.readdirSync(repository)) {
    if (entry !== "data" && entry !== ".git") fs.symlinkSync(path.join(repository, entry), path.join(dir, entry));
  }
  return dir;
}

type Shop = ReturnType<typeof npmStart>;

function npmStart(dir: string, env: Record<string, string>) {
  const port = randomTestPort(7100, 200);
  // A process group of its own, as a service has: signalling the group reaches every process `npm start` made.
  const child = spawn("npm", ["start"], {
    cwd: dir,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // Only what an operator sets: not the test runner's NODE_ENV=test, DATABASE_URL or SESSION_SECRET. (Remix's
    // type declarations make NODE_ENV required, but an operator may well leave it unset.)
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.tmpdir(),
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dir, "data", "shop.db")}`,
      ...env,
    } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr.on("data", (chunk) => (stderr += String(chunk)));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return {
    child,
    port,
    exit,
    stdout: () => stdout,
    stderr: () => stderr,
    /** Until every worker is serving. */
    ready: (workers: number) =>
      expect
        .poll(() => stdout.match(/Shop listening/g)?.length ?? 0, { timeout: 150_000, interval: 250, message: `not serving yet:\n${stdout}\n${stderr}` })
        .toBe(workers),
  };
}

/** Whether any process of the group is still alive (signal 0 only checks). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * An admin login whose body is held back: `Expect: 100-continue` makes the server say when it has the request, so
 * the request is in flight at a known moment; `finish()` sends the body.
 */
function heldLogin(port: number, password: string) {
  const body = JSON.stringify({ email: "admin@localhost", password });
  let received = false;
  const request = http.request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/admin/timsar",
    // Closed after the answer, as a browser's connection is once the server has gone; kept alive, the draining server
    // would wait out its keep-alive timeout (5 s) for it before exiting.
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Expect: "100-continue", Connection: "close" },
  });
  request.on("continue", () => (received = true));
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", (error) => resolve({ error: error.message }));
  });
  request.flushHeaders();
  return {
    answer,
    inFlight: () => expect.poll(() => received, { timeout: 30_000 }).toBe(true),
    finish: () => request.end(body),
  };
}

/** What the shop wrote on stdout, as records; a line that is not one JSON object fails the test. */
function records(shop: Shop): Array<Record<string, unknown>> {
  return shop
    .stdout()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      expect(line, "a stdout line that is not one JSON object").toMatch(/^\{.*\}$/);
      return JSON.parse(line) as Record<string, unknown>;
    });
}

async function expectGoneAndPortFree(shop: Shop) {
  expect(await shop.exit).toEqual({ code: 0, signal: null });
  // No process of the tree is left serving as an orphan, and the port is free for the next start.
  await expect.poll(() => groupAlive(shop.child.pid!), { timeout: 10_000 }).toBe(false);
  expect(await portIsFree(shop.port)).toBe(true);
}

const checkouts: string[] = [];
const started: Shop[] = [];
function track(dir: string, shop?: Shop) {
  checkouts.push(dir);
  if (shop) started.push(shop);
}
afterAll(() => {
  for (const shop of started) if (groupAlive(shop.child.pid!)) process.kill(-shop.child.pid!, "SIGKILL");
  for (const dir of checkouts) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm start in production, on an empty database with SEED_DEMO=0", () => {
  it("logs only JSON lines, keeps the new password in a 0600 file, serves no demo, and drains on SIGTERM to npm's PID", { timeout: 240_000 }, async () => {
    const dir = freshCheckout();
    const shop = npmStart(dir, {
      NODE_ENV: "production",
      ALLOW_TEST_PAYMENTS: "1",
      SESSION_SECRET: "start-test-session-secret-0123456789",
      SEED_DEMO: "0",
      WEB_CONCURRENCY: "2",
    });
    track(dir, shop);
    await shop.ready(2);

    // The generated password is in data/admin-password.txt, readable by the shop's user only, and the log says where.
    const passwordFile = path.join(dir, "data", "admin-password.txt");
    expect(fs.statSync(passwordFile).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(passwordFile, "utf8").trim();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(records(shop).some((record) => String(record.msg).includes(passwordFile))).toBe(true);

    // A real shop's first start: Kuwait's delivery areas, and no demo categories or products.
    const base = `http://127.0.0.1:${shop.port}`;
    expect(await (await fetch(`${base}/api/categories`)).json()).toMatchObject({ categories: [] });
    expect(await (await fetch(`${base}/api/products`)).json()).toMatchObject({ products: [] });
    const database = new Database(path.join(dir, "data", "shop.db"), { readonly: true });
    try {
      expect((database.prepare('SELECT COUNT(*) AS n FROM "DeliveryArea"').get() as { n: number }).n).toBeGreaterThan(50);
    } finally {
      database.close();
    }

    // docker stop: SIGTERM to the main process, which is npm. The login in flight still finishes, with that password.
    const login = heldLogin(shop.port, password);
    await login.inFlight();
    process.kill(shop.child.pid!, "SIGTERM");
    await expect.poll(() => shop.stdout().match(/"inFlight":1,"timeoutSeconds":25/g)?.length ?? 0, { timeout: 10_000 }).toBe(1);
    login.finish();
    expect(await login.answer).toMatchObject({ status: 200 });
    await expectGoneAndPortFree(shop);

    // Every line, from npm's, Prisma's and the build's to the shutdown's, is one JSON object without colour codes,
    // and the password is nowhere in the output.
    const lines = records(shop);
    expect(lines.some((record) => record.msg === "stopped")).toBe(true);
    expect(lines.some((record) => record.command === "prisma migrate deploy")).toBe(true);
    expect(shop.stdout()).not.toContain("\u001b");
    expect(shop.stdout() + shop.stderr()).not.toContain(password);
  });
});

describe("npm start stopped by a service manager", () => {
  const dir = freshCheckout();
  track(dir);
  const env = { ADMIN_PASSWORD: "start-test-password", WEB_CONCURRENCY: "1" };

  it("drains when SIGTERM reaches the whole process group (systemd's KillMode=control-group)", { timeout: 240_000 }, async () => {
    const shop = npmStart(dir, env);
    track(dir, shop);
    await shop.ready(1);
    const login = heldLogin(shop.port, env.ADMIN_PASSWORD);
    await login.inFlight();
    process.kill(-shop.child.pid!, "SIGTERM");
    await expect.poll(() => shop.stdout(), { timeout: 10_000 }).toContain("received: finishing in-flight requests");
    login.finish();
    expect(await login.answer).toMatchObject({ status: 200 });
    await expectGoneAndPortFree(shop);
  });

  it("cuts a request still running at SHUTDOWN_TIMEOUT_SECONDS, logs it, and exits 0", { timeout: 120_000 }, async () => {
    const shop = npmStart(dir, { ...env, SHUTDOWN_TIMEOUT_SECONDS: "1" });
    track(dir, shop);
    await shop.ready(1);
    const login = heldLogin(shop.port, env.ADMIN_PASSWORD);
    await login.inFlight();
    process.kill(shop.child.pid!, "SIGTERM");
    // The body never comes: the deadline cuts the request.
    expect(await login.answer).toHaveProperty("error");
    await expectGoneAndPortFree(shop);
    const cut = shop
      .stdout()
      .split("\n")
      .filter((line) => line.includes("request cut at shutdown"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(cut).toEqual([expect.objectContaining({ level: "warn", method: "POST", path: "/api/admin/timsar", timeoutSeconds: 1 })]);
    expect(cut[0].requestId).toEqual(expect.any(String));
  });
});
