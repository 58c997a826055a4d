/**
 * The admin area under load (issue 6): 50,000 orders, then the orders list and searches (< 100 ms), a full month's
 * sales report (< 300 ms) and grouped orders (< 300 ms), each timed through the JSON API with an admin session,
 * median of several runs after a warm-up.
 */
import type { BenchContext, BenchRow } from "../bench";
import { seedLoadOrders } from "../seed-load-orders";
import { median } from "./lib/median";

const RUNS = 9;

/** A fresh connection each time: a kept-alive socket may have been closed by the server while the load ran. */
function fetchFresh(url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Connection", "close");
  return fetch(url, { ...init, headers });
}

async function adminCookie(baseUrl: string): Promise<string> {
  const response = await fetchFresh(`${baseUrl}/api/admin/timsar`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: process.env.BENCH_ADMIN_EMAIL ?? "admin@localhost", password: process.env.BENCH_ADMIN_PASSWORD ?? "bench-admin-password" }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

async function time(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetchFresh(url, { headers: { Cookie: cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function measure(name: string, url: string, cookie: string, targetMs: number): Promise<BenchRow> {
  await time(url, cookie);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await time(url, cookie));
  const value = Math.round(median(samples) * 10) / 10;
  return { name, value, unit: "ms", target: `< ${targetMs} ms`, ok: value < targetMs };
}

function lastFullMonth(now = new Date()): { dateFrom: string; dateTo: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { dateFrom: first.toISOString().slice(0, 10), dateTo: last.toISOString().slice(0, 10) };
}

/** The longest range the report takes, ending today: every load order falls in it. */
function lastYear(now = new Date()): { dateFrom: string; dateTo: string } {
  return { dateFrom: new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10), dateTo: now.toISOString().slice(0, 10) };
}

export async function bench({ baseUrl, databaseUrl }: BenchContext): Promise<BenchRow[]> {
  const loaded = await seedLoadOrders(databaseUrl, 50_000);
  process.env.DATABASE_URL = databaseUrl;
  const { prisma } = await import("../../app/db.server");
  const sample = await prisma.order.findFirstOrThrow({ where: { paymentStatus: "paid", status: "delivered" }, orderBy: { createdAt: "desc" } });

  const cookie = await adminCookie(baseUrl);
  const month = lastFullMonth();
  const yearBack = lastYear();
  const api = `${baseUrl}/api/admin`;
  return [
    { name: "load 50,000 orders (seed-load-orders)", value: loaded.milliseconds, unit: "ms", target: "informative", ok: true },
    await measure("admin orders list, pending tab, 50k orders", `${api}/orders`, cookie, 100),
    await measure("admin orders list, delivered tab with a date range", `${api}/orders?status=delivered&dateFrom=${month.dateFrom}&dateTo=${month.dateTo}`, cookie, 100),
    await measure("admin order search by order number", `${api}/orders?status=${sample.status}&search=${encodeURIComponent(sample.orderNumber.slice(4))}`, cookie, 100),
    await measure("admin order search by phone", `${api}/orders?status=delivered&search=${sample.phone}`, cookie, 100),
    await measure("admin order search by name", `${api}/orders?status=delivered&search=${encodeURIComponent(sample.fullName.split(" ")[0])}`, cookie, 100),
    await measure("sales report, a full month", `${api}/sales-report?dateFrom=${month.dateFrom}&dateTo=${month.dateTo}`, cookie, 300),
    { ...(await measure("sales report, 366 days (every order)", `${api}/sales-report?dateFrom=${yearBack.dateFrom}&dateTo=${yearBack.dateTo}`, cookie, 1000)), target: "informative", ok: true },
    await measure("grouped orders (first page of 100)", `${api}/grouped-orders`, cookie, 300),
  ];
}
