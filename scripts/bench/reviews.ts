/**
 * A product with 500 published reviews (issue 47) against the storefront bench's budgets, measured beside the same
 * baselines in the same run (scripts/bench/storefront.ts): the shop as one worker, its product page for a first-time
 * visitor against bare Express (>= 40 %), for a shopper with a cart against bare Remix (>= 60 %, p99 under 30 ms),
 * its first and its last page of reviews, and the same page of the demo product without reviews for comparison; and
 * rendered afresh for every request, as a share of the page without reviews rendered the same way (what reviews cost).
 * The reviews are written by a process of its own (lib/reviews-seed.ts) through the shop's client, on either engine.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import type { BenchContext, BenchRow } from "../bench";
import { buildBareRemix, startBaseline } from "./lib/baselines";
import { waitForServer } from "./lib/wait-for-server";
import { BENCH_SESSION_SECRET, cartCookie, load, RUNS, shareRows, startProcess } from "./storefront";

async function seedReviews(databaseUrl: string): Promise<{ productId: string; reviews: number }> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/bench/lib/reviews-seed.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: BENCH_SESSION_SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const line = output.trim().split("\n").reverse().find((candidate) => candidate.startsWith('{"productId"'));
  if (code !== 0 || !line) throw new Error(`seeding the reviews failed (exit ${code}): ${output.slice(-2000)}`);
  return JSON.parse(line) as { productId: string; reviews: number };
}

export async function bench({ databaseUrl, sparePort }: BenchContext): Promise<BenchRow[]> {
  const { productId, reviews } = await seedReviews(databaseUrl);
  if (reviews !== 500) throw new Error(`the bench product has ${reviews} published reviews, not 500`);
  buildBareRemix();
  const [expressPort, remixPort, shopPort] = [sparePort + 20, sparePort + 21, sparePort + 22];
  const children = [
    startBaseline("express", expressPort),
    startBaseline("remix", remixPort),
    startProcess(["server.ts"], { WEB_CONCURRENCY: "1", PORT: String(shopPort), DATABASE_URL: databaseUrl, SESSION_SECRET: BENCH_SESSION_SECRET }),
  ];
  const shop = `http://127.0.0.1:${shopPort}`;
  const rows: BenchRow[] = [];
  try {
    await Promise.all([
      waitForServer(`http://127.0.0.1:${expressPort}`, "bare Express", "/"),
      waitForServer(`http://127.0.0.1:${remixPort}`, "bare Remix", "/"),
      waitForServer(shop, "the shop"),
    ]);
    const bareExpress = await load(`http://127.0.0.1:${expressPort}/`);
    const bareRemix = await load(`http://127.0.0.1:${remixPort}/`);
    rows.push({ name: `bare Express req/s, one core, this run (median of ${RUNS})`, value: bareExpress.requestsPerSecond, unit: "req/s", target: "", ok: true });
    rows.push({ name: `bare Remix page req/s, one core, this run (median of ${RUNS})`, value: bareRemix.requestsPerSecond, unit: "req/s", target: "", ok: true });
    const page = await (await fetch(`${shop}/product/${productId}`, { headers: { cookie: "lang=en" } })).text();
    if (!page.includes('data-count="500"') || !page.includes('"aggregateRating"')) throw new Error("the bench product's page does not show its 500 reviews");
    const cookie = await cartCookie(shop);
    const pages = [
      ["product page without reviews", "/product/seed-product-03"],
      ["product page with 500 reviews", `/product/${productId}`],
      ["product page with 500 reviews, last page of reviews", `/product/${productId}?reviews=50`],
    ];
    for (const [name, pagePath] of pages) {
      rows.push(...shareRows(`${name}, first visit`, await load(shop + pagePath), bareExpress, "bare Express", 0.4));
      rows.push(...shareRows(`${name}, with a cart`, await load(shop + pagePath, cookie), bareRemix, "bare Remix", 0.6, 30));
    }
    // Never kept: each request a new address, so each is rendered (the page cache's worst case). No storefront budget
    // covers a page rendered every time (the demo product's own page renders at about half of bare Remix, p99 over
    // 100 ms, decision 0094), so this measures what the reviews add: the same render of the page without reviews.
    const freshWithout = await load(`${shop}/product/seed-product-03?reviews=2`, cookie, true);
    const fresh = await load(`${shop}/product/${productId}?reviews=2`, cookie, true);
    rows.push(...shareRows("product page without reviews, rendered every time, with a cart", freshWithout, bareRemix, "bare Remix", 0));
    rows.push(...shareRows("product page with 500 reviews, rendered every time, with a cart", fresh, freshWithout, "the page without reviews rendered every time", 0.7));
    const api = await load(`${shop}/api/products/${productId}/reviews?page=3`);
    rows.push({ name: `GET /api/products/{id}/reviews over 500 reviews req/s, one core (median of ${RUNS})`, value: api.requestsPerSecond, unit: "req/s", target: "", ok: true });
    rows.push({ name: "GET /api/products/{id}/reviews over 500 reviews p99 latency, one core", value: api.p99, unit: "ms", target: "< 30", ok: api.p99 < 30 });
  } finally {
    for (const child of children) child.kill("SIGTERM");
  }
  return rows;
}
