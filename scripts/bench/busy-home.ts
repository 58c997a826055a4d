/**
 * The anonymous home page while others write (issue 34), beside the same page with nothing else going on, in one
 * run: 20 failed logins and 5 "notify me" sign-ups a second from one client, and then 2 paid orders a second on
 * another product (placed, and paid on the test provider's card page). Writes no page shows must not empty the page
 * cache, and an order only moves the versions of what it changes (docs/decisions/0055 and 0059): the busy figures
 * should stay within 90 % and 80 % of the quiet one. Each load is measured after a warm-up with its writes running,
 * so the figures are a steady state (the warm-up's own figure is printed: for the junk, the first seconds, while the
 * client's failed logins are still hashed). A shop of its own (two workers, behind a pretend proxy so each
 * shopper has an address), autocannon at 10 connections, 3 runs after a warm-up, medians reported.
 */
import autocannon from "autocannon";
import type { BenchContext, BenchRow } from "../bench";
import { createBenchProduct } from "./lib/bench-product";
import { median } from "./lib/median";
import { cacheLookups, hitShare, placeAndPay, atRate, startJunk, startShop } from "./lib/shop-day";


const RUNS = 3;
const DURATION_S = 5;
const WARM_UP_S = 5;
const FAILED_LOGINS_PER_S = 20;
const SIGN_UPS_PER_S = 5;
const PAID_ORDERS_PER_S = 2;

type Load = { requestsPerSecond: number; p99: number; hitShare: number };

async function loadHome(base: string, warmUp: boolean): Promise<Load> {
  const options = { url: `${base}/`, connections: 10, headers: { "accept-encoding": "gzip, deflate, br" } };
  if (warmUp) {
    const first = await autocannon({ ...options, duration: WARM_UP_S });
    process.stdout.write(`     warm-up: ${Math.round(first.requests.average)} req/s\n`);
  }
  const before = await cacheLookups([base]);
  const results: autocannon.Result[] = [];
  for (let run = 0; run < RUNS; run++) results.push(await autocannon({ ...options, duration: DURATION_S }));
  process.stdout.write(`     runs: ${results.map((result) => Math.round(result.requests.average)).join(", ")} req/s\n`);
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`home: ${failed} requests failed`);
  return {
    requestsPerSecond: Math.round(median(results.map((result) => result.requests.average))),
    p99: median(results.map((result) => result.latency.p99)),
    hitShare: hitShare(before, await cacheLookups([base])),
  };
}

/** A product out of stock for the sign-ups ("notify me" is only offered for those), one with plenty for the orders. */
async function benchProducts(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  const { prisma } = await import("../../app/db.server");
  const category = await prisma.category.findFirstOrThrow({ where: { isVisible: true } });
  const make = (stockQuantity: number) => createBenchProduct(prisma, { categoryId: category.id, stockQuantity });
  const [soldOut, plenty] = [await make(0), await make(1_000_000)];
  const city = (await prisma.deliveryArea.findFirstOrThrow({ orderBy: { position: "asc" } })).nameEn;
  return { soldOut: soldOut.id, plenty: plenty.id, city };
}

export async function bench({ databaseUrl, sparePort }: BenchContext): Promise<BenchRow[]> {
  const products = await benchProducts(databaseUrl);
  const shop = await startShop(sparePort + 30, databaseUrl, 2);
  try {
    const quiet = await loadHome(shop.base, true);
    const junk = startJunk([shop.base], products.soldOut, FAILED_LOGINS_PER_S, SIGN_UPS_PER_S);
    let busy: Load;
    try {
      // Warmed up as the quiet load is: the client's first 100 failed logins are each checked against a password
      // hash (decision 0016's per-address budget), after which it is refused before any hashing, as in a long attack.
      busy = await loadHome(shop.base, true);
    } finally {
      const { sent, statuses } = await junk.stop();
      process.stdout.write(`     junk: ${sent} requests sent, answered ${JSON.stringify(statuses)}\n`);
    }
    const orders = atRate(PAID_ORDERS_PER_S, async () => {
      await placeAndPay(shop.base, { productId: products.plenty, city: products.city });
    });
    let ordering: Load;
    try {
      ordering = await loadHome(shop.base, true);
    } finally {
      const { sent, failures } = await orders.stop();
      process.stdout.write(`     orders: ${sent} placed and paid, failures ${JSON.stringify(failures)}\n`);
    }
    const share = (load: Load) => Math.round((100 * load.requestsPerSecond) / quiet.requestsPerSecond);
    return [
      { name: `home, quiet, req/s (median of ${RUNS})`, value: quiet.requestsPerSecond, unit: "req/s", target: "", ok: true },
      { name: `home, quiet, p99 (median of ${RUNS})`, value: quiet.p99, unit: "ms", target: "", ok: true },
      { name: `home with ${FAILED_LOGINS_PER_S} failed logins/s and ${SIGN_UPS_PER_S} sign-ups/s, req/s (median of ${RUNS})`, value: busy.requestsPerSecond, unit: "req/s", target: "", ok: true },
      { name: `home with junk, p99 (median of ${RUNS})`, value: busy.p99, unit: "ms", target: "", ok: true },
      { name: `home with ${PAID_ORDERS_PER_S} paid orders/s on another product, req/s (median of ${RUNS})`, value: ordering.requestsPerSecond, unit: "req/s", target: "", ok: true },
      { name: `home with paid orders, p99 (median of ${RUNS})`, value: ordering.p99, unit: "ms", target: "", ok: true },
      { name: "home, quiet / with junk / with paid orders, page cache hits", value: Number(`${quiet.hitShare}`), unit: `% (${busy.hitShare} %, ${ordering.hitShare} %)`, target: "", ok: true },
      { name: "home with junk, share of quiet", value: share(busy), unit: "%", target: ">= 90", ok: share(busy) >= 90 },
      { name: "home with paid orders, share of quiet", value: share(ordering), unit: "%", target: ">= 80", ok: share(ordering) >= 80 },
    ];
  } finally {
    await shop.stop();
  }
}
