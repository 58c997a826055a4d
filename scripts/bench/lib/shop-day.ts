/**
 * What the busy-home and mixed benches drive a shop with: shop servers of their own behind a pretend proxy
 * (TRUST_PROXY, so each shopper has an address of their own and the per-client limits see shoppers, not the bench),
 * the junk of issue 34 (failed logins and "notify me" sign-ups from one client), paid orders through the test
 * provider's card page, the page cache's hit counts and the workers' event loop delay from /metrics, and the time the
 * shop's processes ran and waited for a core.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { spawnOnBenchNode } from "./bench-node";
import { waitForServer } from "./wait-for-server";

export const BENCH_SESSION_SECRET = "bench-session-secret-0123456789";
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789";
/** The one client the junk comes from. */
const JUNK_ADDRESS = "203.0.113.66";

/** `pid`: the process the shop's primary and workers run under, for `cpuTimes`. */
export type Shop = { base: string; pid: number; stop(): Promise<void> };

/**
 * server.ts (the production build) on `port` with `workers` workers, on the bench's database. `BENCH_PROFILE=DIR`
 * writes each process's CPU profile there when the shop stops (node --cpu-prof; the figures run slower meanwhile).
 * The shop's log (one JSON line per request, and its errors) goes to tests/.tmp/bench-shop-PORT.log.
 */
export async function startShop(port: number, databaseUrl: string, workers: number): Promise<Shop> {
  const profiling = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const log = fs.openSync(path.resolve(`tests/.tmp/bench-shop-${port}.log`), "w");
  const child = spawnOnBenchNode("server.ts", [], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      TRUST_PROXY: "1",
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    stdio: ["ignore", log, "inherit"],
  }, profiling);
  fs.closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, `the shop on ${port}`);
  return {
    base,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

export type ShopMetrics = { hit: number; miss: number; loopDelay: { p99: number; max: number } };

/**
 * The page cache's lookups so far, summed over the workers of every server; and the workers' event loop delay since
 * the previous call (prom-client's 10 ms timer, whose histogram each reading of /metrics starts again: a delay is how
 * long the timer's turn came after the one before, so an idle loop reads 10 ms), in ms, the worst server's.
 */
export async function shopMetrics(bases: string[]): Promise<ShopMetrics> {
  const totals = { hit: 0, miss: 0, loopDelay: { p99: 0, max: 0 } };
  for (const base of bases) {
    const lines = (await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text()).split("\n");
    const valuesOf = (prefix: string) => lines.filter((line) => line.startsWith(prefix)).map((line) => Number(line.slice(line.lastIndexOf(" ") + 1)));
    for (const result of ["hit", "miss"] as const) {
      totals[result] += valuesOf(`shop_page_cache_lookups_total{result="${result}"`).reduce((sum, value) => sum + value, 0);
    }
    totals.loopDelay.p99 = Math.max(totals.loopDelay.p99, 1000 * (valuesOf("nodejs_eventloop_lag_p99_seconds ")[0] ?? 0));
    totals.loopDelay.max = Math.max(totals.loopDelay.max, 1000 * (valuesOf("nodejs_eventloop_lag_max_seconds ")[0] ?? 0));
  }
  return totals;
}

/**
 * Seconds that the main threads of `pids` and of every process under them (a shop's primary and workers) have run,
 * and have waited, runnable, for a core: Linux's /proc/PID/schedstat. Null where /proc has none. The difference of
 * two readings tells a machine that is too small for the load (the workers waiting for a core) from a shop that is
 * too slow for it (the workers running all the time).
 */
export function cpuTimes(pids: number[]): { ran: number; waited: number } | null {
  if (!fs.existsSync("/proc/self/schedstat")) return null;
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const times = { ran: 0, waited: 0 };
  const visit = (pid: number) => {
    try {
      const [ran, waited] = fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ").map(Number);
      times.ran += ran / 1e9;
      times.waited += waited / 1e9;
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  for (const pid of pids) visit(pid);
  return times;
}

export function hitShare(before: ShopMetrics, after: ShopMetrics): number {
  const hits = after.hit - before.hit;
  return Math.round((100 * hits) / Math.max(1, hits + after.miss - before.miss));
}

let addresses = 0;
/** Where a process's shopper addresses start, so two processes of one bench never share one. */
export function firstShopperAddressAt(first: number) {
  addresses = first;
}

/** An address of its own for each shopper, as a proxy would forward it. */
export function shopperAddress(): string {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Something sent at a steady rate until stopped, whether or not the answers keep up, as real visitors do. */
export function atRate(perSecond: number, send: (index: number) => Promise<void>) {
  let sent = 0;
  const failures = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const sending = send(sent++)
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
      })
      .finally(() => pending.delete(sending));
    pending.add(sending);
  }, 1000 / perSecond);
  return {
    /** Stops sending and waits for the answers still on their way. */
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { sent, failures: Object.fromEntries(failures) };
    },
  };
}

/**
 * Failed logins and "notify me" sign-ups for a sold-out product from one client, spread over the servers: each login
 * with an e-mail of its own (so each is checked against a password hash until the client is over its budget), each
 * sign-up too. Sent by autocannon at a fixed overall rate, a few connections each so a slow answer (a hash) does
 * not slow the rate: it costs the bench's own thread, which also drives the measured load, far less than `fetch`.
 */
export function startJunk(bases: string[], soldOutProductId: string, loginsPerSecond: number, signUpsPerSecond: number) {
  const runs: Promise<autocannon.Result>[] = [];
  const instances: autocannon.Instance[] = [];
  const send = (base: string, route: string, perSecond: number, body: (index: number) => unknown) => {
    let index = 0;
    const setupRequest = (request: autocannon.Request) => ({ ...request, body: JSON.stringify(body(index++)) });
    const options = {
      url: base + route,
      method: "POST" as const,
      headers: { "content-type": "application/json", "x-forwarded-for": JUNK_ADDRESS },
      connections: 4,
      overallRate: perSecond,
      duration: 24 * 3600,
      requests: [{ setupRequest }],
    };
    runs.push(
      new Promise((resolve, reject) => {
        instances.push(autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
      }),
    );
  };
  // E-mails of this run and server: no two requests of the junk name the same one.
  const run = Date.now();
  bases.forEach((base, server) => {
    const email = (kind: string, index: number) => `${kind}-${run}-${server}-${index}@example.com`;
    send(base, "/api/auth/login", Math.ceil(loginsPerSecond / bases.length), (index) => ({ email: email("stranger", index), password: "not-the-password" }));
    send(base, `/api/products/${soldOutProductId}/notify`, Math.ceil(signUpsPerSecond / bases.length), (index) => ({ email: email("waiting", index) }));
  });
  return {
    async stop() {
      for (const instance of instances) instance.stop();
      const results = await Promise.all(runs);
      const statuses: Record<string, number> = {};
      for (const result of results) {
        for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = (statuses[status] ?? 0) + count;
        if (result.errors > 0) statuses.errors = (statuses.errors ?? 0) + result.errors;
      }
      // Refusals (401, 429) are the junk's answers; a server error is a defect the figures must not hide.
      const errors = Object.entries(statuses).filter(([status]) => status === "errors" || Number(status) >= 500);
      if (errors.length) throw new Error(`the junk got server errors: ${JSON.stringify(Object.fromEntries(errors))}`);
      return { sent: results.reduce((sum, result) => sum + result.requests.total, 0), statuses };
    },
  };
}

export type Timed = (kind: string, milliseconds: number) => void;

async function timedFetch(kind: string, record: Timed, url: string, init: RequestInit, expected: number[]): Promise<Response> {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init });
  const body = await response.text();
  record(kind, performance.now() - started);
  if (!expected.includes(response.status)) throw new Error(`${kind}: ${response.status} ${body.slice(0, 120)}`);
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * One shopper's checkout: the order placed (POST /api/orders, which holds the stock), the test provider's card page,
 * and the card submitted there, which pays the order. Each step is timed under its own kind.
 */
export async function placeAndPay(base: string, order: { productId: string; city: string; email?: string }, record: Timed = () => undefined) {
  const address = shopperAddress();
  const placed = await timedFetch("checkout: place order", record, `${base}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address },
    body: JSON.stringify({
      fullName: "Sara Ahmad",
      email: order.email ?? `shopper${addresses}@example.com`,
      phone: "51234567",
      buildingType: "Office",
      address: { city: order.city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9", floor: "", apartmentNumber: "", notes: "" },
      items: [{ _id: order.productId, quantity: 1, customTags: [] }],
      isGuest: true,
    }),
  }, [201]);
  const { orderSessionId, orderNumber } = (await placed.json()) as { orderSessionId: string; orderNumber: string };
  const page = `${base}/payment?orderSessionId=${encodeURIComponent(orderSessionId)}`;
  await timedFetch("checkout: card page", record, page, { headers: { "X-Forwarded-For": address } }, [200]);
  const card = new URLSearchParams({ orderSessionId, cardholderName: "Sara Ahmad", cardNumber: "4111111111111111", month: "12", year: "39", cvv: "123" });
  await timedFetch("checkout: pay", record, page, { method: "POST", headers: { "X-Forwarded-For": address, Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: card }, [200, 303]);
  return orderNumber;
}

/** The p-th percentile (0 to 100) of some timings, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
