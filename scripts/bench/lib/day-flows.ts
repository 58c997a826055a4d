/**
 * The mixed day's timed shoppers (scripts/bench/mixed.ts), in a process of their own: carts filled and shown, checkouts
 * paid, My Orders read, the owner's order pages, each at a steady rate and timed from send to last byte. The browsing
 * floods the shop from the bench's own process with autocannon, whose thread is saturated by design; a timer on that
 * thread measured how late its own event loop got round to an answer as much as the shop's latency (decision 0064).
 * Here nothing else runs on the thread that times. One process serves every day of a bench, so the warm-up day warms
 * its own code as well as the shop's: it reads a day (JSON of `DayFlows`) per line on stdin, answers `{"ready":true}`
 * as it starts sending and `{"samples":{…}}` with the timings per kind when the day is over.
 */
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { atRate, firstShopperAddressAt, placeAndPay, shopperAddress, type Timed } from "./shop-day";

export type DayFlows = {
  bases: string[];
  seconds: number;
  /** The first shopper address of this process (`firstShopperAddressAt`), apart from every other day's. */
  firstAddress: number;
  rates: { cartAdds: number; checkouts: number; myOrders: number; admin: number };
  products: string[];
  plenty: string;
  city: string;
  /** The signed-in customer's and the owner's cookies. */
  session: string;
  admin: string;
};

export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", cookie: "lang=en" };

export async function timed(kind: string, record: Timed, url: string, init: RequestInit, expected: number) {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual", ...init });
  await response.arrayBuffer();
  record(kind, performance.now() - started);
  if (response.status !== expected) throw new Error(`${kind}: ${response.status}`);
  return response;
}

/** Runs the flows for `seconds` and answers each kind's timings in milliseconds. */
export async function runDayFlows(day: DayFlows): Promise<Record<string, number[]>> {
  firstShopperAddressAt(day.firstAddress);
  const samples: Record<string, number[]> = {};
  const record: Timed = (kind, milliseconds) => (samples[kind] ??= []).push(milliseconds);
  const on = (index: number) => day.bases[index % day.bases.length];
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  const flows = [
    atRate(day.rates.cartAdds, async (index) => {
      const base = on(index);
      const added = await timed("cart: add", record, `${base}/cart`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": shopperAddress() },
        body: new URLSearchParams({ productId: day.products[index % day.products.length], intent: "add", source: "card", redirectTo: "/" }),
      }, 303);
      const cart = added.headers.getSetCookie().find((header) => header.startsWith("cart="))?.split(";")[0] ?? "";
      await timed("cart: page", record, `${base}/cart`, { headers: { ...BROWSER_HEADERS, cookie: `lang=en; ${cart}` } }, 200);
    }),
    atRate(day.rates.checkouts, async (index) => {
      await placeAndPay(on(index), { productId: day.plenty, city: day.city }, record);
    }),
    atRate(day.rates.myOrders, (index) => timed("my orders", record, `${on(index)}/my-orders`, { headers: { ...BROWSER_HEADERS, cookie: `lang=en; ${day.session}` } }, 200).then(() => undefined)),
    atRate(day.rates.admin, (index) =>
      timed("admin", record, `${on(index)}${index % 2 ? "/api/admin/orders" : "/admin/timsar/orders"}`, { headers: { cookie: day.admin } }, 200).then(() => undefined),
    ),
  ];
  await new Promise((resolve) => setTimeout(resolve, day.seconds * 1000));
  const stopped = await Promise.all(flows.map((flow) => flow.stop()));
  const failures = stopped.flatMap((flow) => Object.entries(flow.failures));
  if (failures.length) throw new Error(`the day's flows failed: ${JSON.stringify(failures)}`);
  return samples;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const samples = await runDayFlows(JSON.parse(line) as DayFlows);
    process.stdout.write(`${JSON.stringify({ samples })}\n`);
  }
}
