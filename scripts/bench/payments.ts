/**
 * Payments through a gateway (CONTRACT.md, "Hosted payment gateways"), against the fake MyFatoorah of
 * tests/fakes/myfatoorah.ts run in this process, with a second shop (PAYMENT_PROVIDER=myfatoorah, its own fresh
 * database, the production build) next to the bench's own server:
 *
 * (a) One order is paid on the fake's page, then its return page is loaded 50 times and its signed webhook is sent
 *     50 times, all at once. The order must turn paid once and its confirmation e-mail go out once (counted on a
 *     loopback SMTP server).
 * (b) The storefront's throughput (home and a product page, 10 connections, 10 s, median of 3 runs) with the
 *     gateway answering at once, and with the gateway answering after 2 s while 20 shoppers keep reloading their
 *     return pages, each load waiting on the gateway. A slow gateway must not starve the shop's workers.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { startFakeMyFatoorah } from "../../tests/fakes/myfatoorah";
import { startSmtpServer } from "../../tests/setup/smtp";
import type { BenchContext, BenchRow } from "../bench";
import { median } from "./lib/median";
import { waitForServer } from "./lib/wait-for-server";


const API_KEY = "bench-myfatoorah-api-key-0123456789";
const WEBHOOK_SECRET = "bench-myfatoorah-webhook-secret";
const KNET = "1";
const CONCURRENT_RETURNS = 50;
const CONCURRENT_WEBHOOKS = 50;
const WAITING_SHOPPERS = 20;
const GATEWAY_DELAY_MS = 2000;
const RUNS = 3;
const DURATION_S = 10;
const WARM_UP_S = 5;
const CONNECTIONS = 10;
const PAGES = [
  { name: "home", path: "/" },
  { name: "product page", path: "/product/seed-product-03" },
];

function startShop(port: number, databaseFile: string, env: Record<string, string>) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseFile + suffix, { force: true });
  // One process (node --import tsx, whose cluster workers inherit the loader), so SIGTERM reaches all of it.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${databaseFile}`,
      ADMIN_PASSWORD: "bench-admin-password",
      SESSION_SECRET: "bench-session-secret-0123456789",
      PAYMENT_PROVIDER: "myfatoorah",
      MYFATOORAH_API_KEY: API_KEY,
      MYFATOORAH_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

let shopperNumber = 0;

/** An order through the JSON API, then KNET picked on /payment: the shop creates the invoice at the fake. */
async function orderWithKnetAttempt(shop: string) {
  const email = `bench-payer-${++shopperNumber}-${Date.now()}@example.com`;
  const placed = await fetch(`${shop}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      fullName: "Bench Shopper",
      email,
      phone: "51234567",
      buildingType: "Villa",
      address: { city: "Hawalli", street: "Tunis Street", streetNumber: "12", block: "3", buildingNumber: "7" },
      items: [{ _id: "seed-product-07", quantity: 1, customTags: [] }],
    }),
  });
  if (placed.status !== 201) throw new Error(`placing an order answered ${placed.status}: ${await placed.text()}`);
  const { orderSessionId, orderId, orderNumber } = (await placed.json()) as { orderSessionId: string; orderId: string; orderNumber: string };
  const started = await fetch(`${shop}/payment?orderSessionId=${orderSessionId}`, {
    method: "POST",
    body: new URLSearchParams({ orderSessionId, methodId: KNET }),
    redirect: "manual",
  });
  const hostedPage = started.headers.get("location");
  if (started.status !== 303 || !hostedPage) throw new Error(`picking KNET answered ${started.status}`);
  return { email, orderId, orderNumber, hostedPage, invoiceId: hostedPage.split("/").pop()! };
}

async function raceReturnsAndWebhooks(shop: string, fake: Awaited<ReturnType<typeof startFakeMyFatoorah>>, smtp: Awaited<ReturnType<typeof startSmtpServer>>, databaseFile: string) {
  const order = await orderWithKnetAttempt(shop);
  const approved = await fetch(order.hostedPage, { method: "POST", body: new URLSearchParams({ action: "approve" }), redirect: "manual" });
  const returnUrl = approved.headers.get("location");
  if (approved.status !== 302 || !returnUrl) throw new Error(`approving on the fake's page answered ${approved.status}`);

  const returns = Array.from({ length: CONCURRENT_RETURNS }, async () => {
    const response = await fetch(returnUrl);
    return response.status === 200 && (await response.text()).includes('data-testid="payment-confirmed"');
  });
  const webhooks = Array.from({ length: CONCURRENT_WEBHOOKS }, () => fake.sendWebhook(order.invoiceId).then(({ status }) => status >= 200 && status < 300));
  const [confirmedPages, acceptedWebhooks] = await Promise.all([Promise.all(returns), Promise.all(webhooks)]);

  // The e-mail is sent after the transition; give a late duplicate time to show up before counting.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const db = new Database(databaseFile, { readonly: true });
  const paidRows = (db.prepare(`SELECT COUNT(*) AS count FROM "Order" WHERE "orderNumber" = ? AND "paymentStatus" = 'paid'`).get(order.orderNumber) as { count: number }).count;
  db.close();
  const mails = smtp.received.filter((mail) => mail.to.includes(order.email)).length;
  const exact = (name: string, value: number, expected: number): BenchRow => ({ name, value, unit: "", target: `= ${expected}`, ok: value === expected });
  return [
    exact(`return pages showing the confirmed order, of ${CONCURRENT_RETURNS} at once`, confirmedPages.filter(Boolean).length, CONCURRENT_RETURNS),
    exact(`signed webhooks answered 2xx, of ${CONCURRENT_WEBHOOKS} at once`, acceptedWebhooks.filter(Boolean).length, CONCURRENT_WEBHOOKS),
    exact("order rows paid", paidRows, 1),
    exact("confirmation e-mails to the shopper", mails, 1),
  ];
}

/** Shoppers who keep reloading their return page: each load asks the (slow) gateway before it answers. */
function startWaitingShoppers(returnUrls: string[]) {
  let stopped = false;
  const latencies: number[] = [];
  const loops = returnUrls.map(async (url) => {
    while (!stopped) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      latencies.push(performance.now() - started);
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
    return latencies;
  };
}

async function throughput(url: string, headers?: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx + result.errors} requests failed`);
  return { requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

/** The signed cart cookie of a shopper who added one product, as a browser without JavaScript would. */
async function cartCookie(shop: string): Promise<string> {
  const response = await fetch(`${shop}/cart`, {
    method: "POST",
    body: new URLSearchParams({ productId: "seed-product-01", intent: "add", source: "card", redirectTo: "/" }),
    redirect: "manual",
    headers: { origin: shop },
  });
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("cart="));
  if (!cookie) throw new Error(`adding to the cart gave no cart cookie (status ${response.status})`);
  return cookie.split(";")[0];
}

async function storefrontUnderSlowGateway(shop: string, fake: Awaited<ReturnType<typeof startFakeMyFatoorah>>): Promise<BenchRow[]> {
  // The orders whose shoppers wait; made first, with the gateway answering at once.
  const waiting = [];
  for (let index = 0; index < WAITING_SHOPPERS; index++) waiting.push(await orderWithKnetAttempt(shop));
  const returnUrls = waiting.map((order) => `${shop}/payment/return?orderId=${encodeURIComponent(order.orderId)}`);
  const cookie = await cartCookie(shop);
  const rows: BenchRow[] = [];
  const waits: number[] = [];

  for (const page of PAGES) {
    for (const visitor of [{ name: "first visit", headers: undefined }, { name: "with a cart", headers: { cookie } }]) {
      const url = shop + page.path;
      await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers: visitor.headers });
      const quick: { requestsPerSecond: number; p99: number }[] = [];
      const slow: { requestsPerSecond: number; p99: number }[] = [];
      // Alternated run by run, so a change in the shared machine's load falls on both sides alike.
      for (let run = 0; run < RUNS; run++) {
        quick.push(await throughput(url, visitor.headers));
        fake.setDelay(GATEWAY_DELAY_MS);
        const stopWaiting = startWaitingShoppers(returnUrls);
        slow.push(await throughput(url, visitor.headers));
        waits.push(...(await stopWaiting()));
        fake.setDelay(0);
      }
      const quickRps = Math.round(median(quick.map((result) => result.requestsPerSecond)));
      const slowRps = Math.round(median(slow.map((result) => result.requestsPerSecond)));
      const quickP99 = median(quick.map((result) => result.p99));
      const slowP99 = median(slow.map((result) => result.p99));
      const name = `${page.name}, ${visitor.name}`;
      rows.push(
        { name: `${name}: req/s, gateway answering at once`, value: quickRps, unit: "req/s", target: "(reference)", ok: true },
        {
          name: `${name}: req/s, gateway answering after 2 s, ${WAITING_SHOPPERS} shoppers waiting on it`,
          value: slowRps,
          unit: "req/s",
          target: `>= 80% of ${quickRps}`,
          ok: slowRps >= quickRps * 0.8,
        },
        { name: `${name}: p99, gateway answering at once`, value: quickP99, unit: "ms", target: "(reference)", ok: true },
        { name: `${name}: p99, gateway answering after 2 s`, value: slowP99, unit: "ms", target: `<= 2 × ${quickP99}`, ok: slowP99 <= 2 * quickP99 },
      );
    }
  }
  const waitMs = Math.round(median(waits));
  rows.push({
    name: `return page while the gateway takes 2 s (median of ${waits.length} loads)`,
    value: waitMs,
    unit: "ms",
    target: `>= ${GATEWAY_DELAY_MS} (it waits for the gateway)`,
    ok: waitMs >= GATEWAY_DELAY_MS,
  });
  return rows;
}

export async function bench({ sparePort: port }: BenchContext): Promise<BenchRow[]> {
  const shop = `http://127.0.0.1:${port}`;
  const databaseFile = path.resolve("tests/.tmp/bench-payments.db");
  const smtp = await startSmtpServer(0);
  const fake = await startFakeMyFatoorah({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET });
  const server = startShop(port, databaseFile, { MYFATOORAH_BASE_URL: fake.url, SMTP_URL: smtp.url });
  try {
    await waitForServer(shop, "the gateway shop");
    return [...(await raceReturnsAndWebhooks(shop, fake, smtp, databaseFile)), ...(await storefrontUnderSlowGateway(shop, fake))];
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await fake.close();
    await smtp.close();
  }
}
