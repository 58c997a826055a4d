/**
 * The anonymous home page while strangers write (issue 34): 20 failed logins and 5 "notify me" sign-ups a second
 * against the bench's shop, beside the same page with nothing else going on, in one run. Writes no page shows must
 * not empty the page cache (docs/decisions/0055-catalogue-version.md), so the busy figure should stay within 90 % of
 * the quiet one. autocannon at 10 connections, 3 runs after a warm-up, medians reported.
 */
// @ts-expect-error autocannon ships no type declarations; the small part used here is typed below.
import autocannonUntyped from "autocannon";
import type { BenchContext, BenchRow } from "../bench";
import { median } from "./lib/median";

type AutocannonResult = { requests: { average: number }; latency: { p99: number }; non2xx: number; errors: number };
const autocannon = autocannonUntyped as (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<AutocannonResult>;

const RUNS = 3;
const DURATION_S = 5;
const WARM_UP_S = 5;
const FAILED_LOGINS_PER_S = 20;
const SIGN_UPS_PER_S = 5;

type Load = { requestsPerSecond: number; p99: number; hitShare: number };

/** The page cache's lookups so far, from /metrics (open to loopback without a proxy), summed over the workers. */
async function lookups(baseUrl: string): Promise<{ hit: number; miss: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const count = (result: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`shop_page_cache_lookups_total{result="${result}"`))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
  return { hit: count("hit"), miss: count("miss") };
}

async function loadHome(baseUrl: string, warmUp: boolean): Promise<Load> {
  const options = { url: `${baseUrl}/`, connections: 10, headers: { "accept-encoding": "gzip, deflate, br" } };
  if (warmUp) await autocannon({ ...options, duration: WARM_UP_S });
  const before = await lookups(baseUrl);
  const results: AutocannonResult[] = [];
  for (let run = 0; run < RUNS; run++) results.push(await autocannon({ ...options, duration: DURATION_S }));
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`home: ${failed} requests failed`);
  const after = await lookups(baseUrl);
  const hits = after.hit - before.hit;
  const hitShare = Math.round((100 * hits) / Math.max(1, hits + after.miss - before.miss));
  return { requestsPerSecond: Math.round(median(results.map((result) => result.requests.average))), p99: median(results.map((result) => result.latency.p99)), hitShare };
}

/** A product out of stock, for the sign-ups: "notify me" is only offered for those. */
async function soldOutProduct(baseUrl: string): Promise<string> {
  const { products } = (await (await fetch(`${baseUrl}/api/products`)).json()) as { products: { _id: string; stockQuantity: number }[] };
  const soldOut = products.find((product) => product.stockQuantity === 0);
  if (!soldOut) throw new Error("the demo catalogue has no product out of stock to sign up for");
  return soldOut._id;
}

/** Sends the junk at its rates until stopped; answers how many requests were sent and what they were answered. */
function startJunk(baseUrl: string, productId: string) {
  let sent = 0;
  const statuses = new Map<number, number>();
  const send = (path: string, body: unknown) => {
    sent++;
    fetch(baseUrl + path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then(async (response) => {
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      })
      .catch(() => statuses.set(0, (statuses.get(0) ?? 0) + 1));
  };
  const logins = setInterval(() => send("/api/auth/login", { email: `stranger${sent}@example.com`, password: "not-the-password" }), 1000 / FAILED_LOGINS_PER_S);
  const signUps = setInterval(() => send(`/api/products/${productId}/notify`, { email: `waiting${sent}@example.com` }), 1000 / SIGN_UPS_PER_S);
  return {
    stop() {
      clearInterval(logins);
      clearInterval(signUps);
      return { sent, statuses: Object.fromEntries(statuses) };
    },
  };
}

export async function bench({ baseUrl }: BenchContext): Promise<BenchRow[]> {
  const productId = await soldOutProduct(baseUrl);
  const quiet = await loadHome(baseUrl, true);
  const junk = startJunk(baseUrl, productId);
  let busy: Load;
  try {
    busy = await loadHome(baseUrl, false);
  } finally {
    const { sent, statuses } = junk.stop();
    process.stdout.write(`     junk: ${sent} requests sent, answered ${JSON.stringify(statuses)}\n`);
  }
  const ratio = Math.round((100 * busy.requestsPerSecond) / quiet.requestsPerSecond);
  return [
    { name: `home, quiet, req/s (median of ${RUNS})`, value: quiet.requestsPerSecond, unit: "req/s", target: "", ok: true },
    { name: `home, quiet, p99 (median of ${RUNS})`, value: quiet.p99, unit: "ms", target: "", ok: true },
    { name: `home with ${FAILED_LOGINS_PER_S} failed logins/s and ${SIGN_UPS_PER_S} sign-ups/s, req/s (median of ${RUNS})`, value: busy.requestsPerSecond, unit: "req/s", target: "", ok: true },
    { name: `home with junk, p99 (median of ${RUNS})`, value: busy.p99, unit: "ms", target: "", ok: true },
    { name: "home, quiet, page cache hits", value: quiet.hitShare, unit: "%", target: "", ok: true },
    { name: "home with junk, page cache hits", value: busy.hitShare, unit: "%", target: "", ok: true },
    { name: "home with junk, share of quiet", value: ratio, unit: "%", target: ">= 90", ok: ratio >= 90 },
  ];
}
