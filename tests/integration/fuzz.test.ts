/**
 * Issue 13's proof: generated requests (fast-check) against every JSON API route and every form action of the real
 * server (the production build, scripts/test.sh builds before vitest), on a database of its own. Three properties:
 * no answer is a 5xx (or no answer at all), nothing reaches the server's stderr (a stack trace, an unhandled
 * rejection, a worker that died), and a request the shop refuses leaves the database as it was.
 *
 * Size: FUZZ_RUNS requests (10,000 in `npm test`, 50,000 with `npm run fuzz`); FUZZ_SEED replays a run. A summary
 * with the figures and every finding is written to tests/.tmp/fuzz-report.json.
 *
 * Rate limits: the server runs with TRUST_PROXY=1 and each request names a client address of its own in
 * X-Forwarded-For (10.x.y.z, with some junk values), the way a shop behind one proxy sees its visitors. Limits keyed
 * by address then rarely answer 429, so most requests reach the code behind them; limits keyed by e-mail (logins)
 * still do, and a 429 is a refusal like any other.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitOf, startServer } from "../setup/server-process";
import { startSmtpServer } from "../setup/smtp";
import { freePort } from "./gateway-helpers";
import { currentPool, fingerprint, fingerprintDiff, freshDatabase, keepPeople, keepStocked, removeDatabase, seedPeople, type Fingerprint } from "../fuzz/database";
import { materialize, requestPlan, type MaterialRequest, type Pool } from "../fuzz/requests";
import { fuzzRoutes, isPrimaryTarget } from "../fuzz/routes";
import { send, type Answer } from "../fuzz/send";

const RUNS = Number(process.env.FUZZ_RUNS || 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const CONCURRENCY = 8;
const WRITE_BATCH = 3;
/** Requests generated per round; between rounds the shop is restocked and the references refreshed. */
const ROUND = 500;
const ADMIN_EMAIL = "admin@fuzz.example.com";
const ADMIN_PASSWORD = "integration-password";

type Finding = { kind: "5xx" | "no answer" | "stderr" | "data changed" | "server exited"; detail: string; requests: string[] };

const DATABASE_FILE = path.resolve("tests/.tmp", `fuzz-${process.pid}.db`);
const REPORT_FILE = path.resolve("tests/.tmp/fuzz-report.json");

function headBytes(request: MaterialRequest): number {
  return request.path.length + Object.entries(request.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
}

function describeRequest(request: MaterialRequest, answer?: Answer): string {
  const type = request.headers["Content-Type"];
  const body = request.body ? ` body(${request.body.length}B)=${JSON.stringify(request.body.subarray(0, 400).toString("utf8"))}` : "";
  const headers = Object.entries(request.headers)
    .filter(([name]) => !["Content-Type", "X-Forwarded-For"].includes(name))
    .map(([name, value]) => `${name}: ${value.length > 80 ? `${value.slice(0, 80)}…(${value.length})` : value}`)
    .join(" | ");
  const status = answer ? ` → ${answer.status} ${JSON.stringify(answer.body.slice(0, 300))}` : "";
  return `${request.method} ${request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path} [${request.auth}]${type !== undefined ? ` [${type}]` : ""}${headers ? ` {${headers}}` : ""}${body}${status}`;
}

describe("the shop under generated requests (fast-check)", () => {
  let server: ReturnType<typeof startServer>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let base: URL;
  let database: ReturnType<typeof freshDatabase>;

  beforeAll(async () => {
    database = freshDatabase(DATABASE_FILE);
    smtp = await startSmtpServer();
    const port = await freePort();
    base = new URL(`http://127.0.0.1:${port}`);
    server = startServer(port, {
      DATABASE_URL: database.url,
      TRUST_PROXY: "1",
      APP_URL: base.origin,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    await server.ready;
  }, 90_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const exited = exitOf(server.child);
      server.child.kill("SIGTERM");
      await exited;
    }
    await smtp?.close();
    await database?.db.$disconnect();
    removeDatabase(DATABASE_FILE);
  });

  it(
    `answers ${RUNS} generated requests without a 5xx, a stack trace or a refused request changing data`,
    async () => {
      const started = Date.now();
      const { db } = database;
      const routes = fuzzRoutes();
      const arbitrary = requestPlan(routes, (route) => (isPrimaryTarget(route) ? 10 : 1));
      const fixed = await seedPeople(db, ADMIN_EMAIL);
      // A connection per request: a kept-alive socket that the server closes as it is reused would look like a crash.
      const agent = new http.Agent({ keepAlive: false, maxSockets: CONCURRENCY });
      const findings: Finding[] = [];
      const statuses: Record<string, number> = {};
      const perRoute: Record<string, number> = {};
      const routeStatuses: Record<string, Record<string, number>> = {};
      const refusals: Record<string, string> = {};
      let sent = 0;
      let fingerprintChecks = 0;
      let errorsSeen = 0;
      let current: Fingerprint;

      async function runBatch(batch: MaterialRequest[]) {
        const before = current;
        const answers = await Promise.all(batch.map((request) => send(base, agent, request)));
        // Let the server's stderr reach this process before it is read.
        await new Promise((resolve) => setImmediate(resolve));
        sent += batch.length;
        const described = batch.map((request, index) => describeRequest(request, answers[index]));
        batch.forEach((request, index) => {
          const status = answers[index].status;
          // Node's own limit: a request head over 16 KiB gets a 431 and the connection closed while the body is sent.
          const counted = status === "no answer" && headBytes(request) > 16 * 1024 ? "431 (connection closed)" : String(status);
          statuses[counted] = (statuses[counted] ?? 0) + 1;
          perRoute[request.route] = (perRoute[request.route] ?? 0) + 1;
          const byStatus = (routeStatuses[`${request.method} ${request.route}`] ??= {});
          byStatus[counted] = (byStatus[counted] ?? 0) + 1;
          // One example of each route's refusals, to see how far generated requests get.
          if (typeof status === "number" && status >= 400) refusals[`${request.method} ${request.route} ${status}`] ??= described[index].slice(-400);
          if (counted === "no answer") findings.push({ kind: "no answer", detail: `${request.route}`, requests: [described[index]] });
          else if (typeof status === "number" && status >= 500) findings.push({ kind: "5xx", detail: `${request.route} ${request.method} ${status}`, requests: [described[index]] });
        });
        const errors = server.errors();
        if (errors.length > errorsSeen) {
          findings.push({ kind: "stderr", detail: errors.slice(errorsSeen, errorsSeen + 1500), requests: described });
          errorsSeen = errors.length;
        }
        const after = await fingerprint(db);
        const mayChange = batch.some((request, index) => {
          const status = answers[index].status;
          return request.method !== "GET" && request.method !== "HEAD" && (status === "no answer" || (status >= 200 && status < 400));
        });
        current = after;
        if (mayChange) {
          // A logout may have revoked the sessions the next requests carry, a password change the known password.
          await keepPeople(db, fixed);
          current = await fingerprint(db);
          return;
        }
        fingerprintChecks += batch.length;
        const diff = fingerprintDiff(before, after);
        if (diff.length === 0) return;
        // Pin the change on one request: each is sent again alone (once), with the database compared around it.
        const culprits: string[] = [];
        if (batch.length > 1) {
          for (const request of batch) {
            const alone = await fingerprint(db);
            const answer = await send(base, agent, request);
            current = await fingerprint(db);
            const again = fingerprintDiff(alone, current);
            if (again.length > 0) culprits.push(`(sent again alone: ${again.join("; ")}) ${describeRequest(request, answer)}`);
          }
        }
        findings.push({ kind: "data changed", detail: diff.join("; "), requests: [...culprits, ...described] });
      }

      let generated = 0;
      for (let round = 0; generated < RUNS; round++) {
        await keepPeople(db, fixed);
        await keepStocked(db, fixed.customerId);
        const pool: Pool = await currentPool(db, fixed, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
        current = await fingerprint(db);
        const plans = fc.sample(arbitrary, { seed: SEED + round, numRuns: Math.min(ROUND, RUNS - generated) });
        generated += plans.length;
        const requests = plans.map((plan) => materialize(plan, pool));
        // The requests most likely to write go in small batches: a batch where one was accepted is not compared, so the
        // smaller those batches, the more refused requests get their database comparison.
        const writes = requests.filter((entry) => entry.likelyWrite);
        for (let index = 0; index < writes.length; index += WRITE_BATCH) await runBatch(writes.slice(index, index + WRITE_BATCH));
        const others = requests.filter((entry) => !entry.likelyWrite);
        for (let index = 0; index < others.length; index += CONCURRENCY) await runBatch(others.slice(index, index + CONCURRENCY));
        if (server.child.exitCode !== null) {
          findings.push({ kind: "server exited", detail: `exit code ${server.child.exitCode}`, requests: [] });
          break;
        }
      }
      agent.destroy();
      // What the server writes after the last answer (a mail sent in the background, its shutdown) has all been read
      // once it has stopped and closed its output.
      if (server.child.exitCode === null && server.child.signalCode === null) {
        const closed = new Promise((resolve) => server.child.once("close", resolve));
        server.child.kill("SIGTERM");
        await closed;
      }
      const late = server.errors().slice(errorsSeen);
      if (late) findings.push({ kind: "stderr", detail: late.slice(0, 3000), requests: ["(after the last request)"] });

      const report = {
        seed: SEED,
        runs: RUNS,
        sent,
        fingerprintChecks,
        seconds: Math.round((Date.now() - started) / 1000),
        statuses,
        routes: routes.length,
        perRoute,
        routeStatuses,
        refusals,
        findings,
      };
      fs.mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
      fs.writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);

      expect(sent, "every generated request was sent").toBe(RUNS);
      // A short run (FUZZ_RUNS=500 while working on a fix) need not reach the rarely drawn page routes.
      if (RUNS >= 5000) expect(Object.keys(perRoute).sort(), "every route module was fuzzed").toEqual(routes.map((route) => route.file).sort());
      const summary = findings.map((finding) => `${finding.kind}: ${finding.detail}\n  ${finding.requests.slice(0, 3).join("\n  ")}`);
      expect(summary, `seed ${SEED}; replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}; details in ${REPORT_FILE}`).toEqual([]);
    },
    Math.max(600_000, RUNS * 60),
  );
});
