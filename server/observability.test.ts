/**
 * Issue 17, for the operator: each request's JSON log line and X-Request-Id, /metrics in Prometheus' format and who
 * may read it, and the request id on the error page, against the real server.ts over the production build.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../tests/factories/category";
import { createProduct } from "../tests/factories/product";
import { useTestServer } from "../tests/support/test-server";

const METRICS_TOKEN = "metrics-token-0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = { level: string; msg: string; requestId?: string; method?: string; route?: string; url?: string; status?: number; durationMs?: number; worker?: number; pid?: number; err?: { stack?: string } };

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The value of one series of a Prometheus text exposition, or 0 when it has none yet. */
function seriesValue(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name}{`) && candidate.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

async function waitForLine(output: () => string, matches: (line: LogLine) => boolean): Promise<LogLine> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = logLines(output()).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("no such log line");
}

describe("request logs and metrics", () => {
  // Two workers: /metrics adds up what each worker counted, as in production.
  const shop = useTestServer(6000, 300, { METRICS_TOKEN, TRUST_PROXY: "0", WEB_CONCURRENCY: "2" });
  let productPath: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    productPath = `/product/${(await createProduct(prisma, { categoryId: category.id })).id}`;
  });

  it("gives each request an id and writes one JSON line for it, with its route pattern and no personal data", async () => {
    // Without a trusted proxy in front, an id the client sends is not taken.
    const response = await fetch(`${shop.base}${productPath}?phone=51234567`, { headers: { "X-Request-Id": "client-chosen-id-1", Cookie: "shop_cart=secret-cart" } });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id") ?? "";
    expect(id).toMatch(UUID);
    const line = await waitForLine(shop.process.output, (candidate) => candidate.requestId === id);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", route: "/product/:id", status: 200, url: `${productPath}?phone=[redacted]` });
    expect(line.durationMs).toBeGreaterThan(0);
    expect(typeof line.worker).toBe("number");
    const image = await fetch(`${shop.base}/images/hero-mobile.webp`);
    expect(image.status).toBe(200);
    expect((await waitForLine(shop.process.output, (candidate) => candidate.requestId === image.headers.get("x-request-id"))).route).toBe("static");
    const crossSite = await fetch(`${shop.base}/language`, { method: "POST", body: new URLSearchParams({ lang: "en" }), headers: { Origin: "https://elsewhere.example" }, redirect: "manual" });
    expect(crossSite.status).toBe(403);
    expect((await waitForLine(shop.process.output, (candidate) => candidate.requestId === crossSite.headers.get("x-request-id"))).route).toBe("/language");
    // A path that cannot be decoded is refused and logged without a word on stderr.
    const unreadable = await fetch(`${shop.base}/product/%E0%A4%A`);
    expect(unreadable.status).toBe(400);
    expect((await waitForLine(shop.process.output, (candidate) => candidate.requestId === unreadable.headers.get("x-request-id"))).route).toBe("unreadable");
    expect(shop.process.errors()).toBe("");
    expect(JSON.stringify(logLines(shop.process.output()))).not.toMatch(/51234567|secret-cart|client-chosen-id-1|127\.0\.0\.1/);
  });

  it("counts requests by route pattern and status, and page-cache hits, in Prometheus' text format", async () => {
    const before = await (await fetch(`${shop.base}/metrics`)).text();
    // Each answer read to its end: a request is counted when its last byte has gone.
    for (let request = 0; request < 3; request++) {
      const page = await fetch(`${shop.base}${productPath}`);
      expect(page.status).toBe(200);
      await page.text();
    }
    const missing = await fetch(`${shop.base}/product/no-such-product`);
    expect(missing.status).toBe(404);
    await missing.text();
    const response = await fetch(`${shop.base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const after = await response.text();
    const ok = 'method="GET",route="/product/:id",status="200"';
    expect(seriesValue(after, "shop_http_requests_total", ok) - seriesValue(before, "shop_http_requests_total", ok)).toBe(3);
    expect(seriesValue(after, "shop_http_requests_total", 'route="/product/:id",status="404"') - seriesValue(before, "shop_http_requests_total", 'route="/product/:id",status="404"')).toBe(1);
    expect(seriesValue(after, "shop_http_request_duration_seconds_count", ok) - seriesValue(before, "shop_http_request_duration_seconds_count", ok)).toBe(3);
    // The product page is kept after its first render in each worker: later visitors are hits.
    const hits = seriesValue(after, "shop_page_cache_lookups_total", 'result="hit"') - seriesValue(before, "shop_page_cache_lookups_total", 'result="hit"');
    const misses = seriesValue(after, "shop_page_cache_lookups_total", 'result="miss"') - seriesValue(before, "shop_page_cache_lookups_total", 'result="miss"');
    expect(hits).toBeGreaterThanOrEqual(1);
    expect(hits + misses).toBeGreaterThanOrEqual(3);
    for (const name of ["nodejs_eventloop_lag_seconds", "shop_orders_placed_total", "shop_orders_paid_total", "shop_mail_failures_total"]) expect(after).toMatch(new RegExp(`^${name} `, "m"));
    expect(after).toContain("# TYPE shop_payment_failures_total counter");
    // No id, path or other unbounded value becomes a label.
    expect(after).not.toContain(productPath);
  });

  it("shows /metrics only to the machine itself or to the bearer of METRICS_TOKEN", async () => {
    expect((await fetch(`${shop.base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(404);
    expect((await fetch(`${shop.base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(404);
    const allowed = await fetch(`${shop.base}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("shop_http_requests_total");
  });
});

describe("behind a trusted proxy", () => {
  const shop = useTestServer(6300, 300, { TRUST_PROXY: "1", METRICS_TOKEN });

  it("opens /metrics only with METRICS_TOKEN, even to a local proxy that adds no X-Forwarded-For", async () => {
    // What a proxy on the same machine sends for any visitor when it adds no header: a loopback connection, bare.
    expect((await fetch(`${shop.base}/metrics`)).status).toBe(404);
    expect((await fetch(`${shop.base}/metrics`, { headers: { "X-Forwarded-For": "127.0.0.1" } })).status).toBe(404);
    const allowed = await fetch(`${shop.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(allowed.status).toBe(200);
  });

  it("keeps the proxy's request id, and refuses a malformed one", async () => {
    const kept = await fetch(`${shop.base}/terms-and-conditions`, { headers: { "X-Request-Id": "nginx-7f3a9c2e41d8" } });
    expect(kept.headers.get("x-request-id")).toBe("nginx-7f3a9c2e41d8");
    expect((await waitForLine(shop.process.output, (line) => line.requestId === "nginx-7f3a9c2e41d8")).route).toBe("/ar?/terms-and-conditions");
    const refused = await fetch(`${shop.base}/terms-and-conditions`, { headers: { "X-Request-Id": "<script>alert(1)</script>" } });
    expect(refused.headers.get("x-request-id")).toMatch(UUID);
    // A kept page is answered with each request's own id, never the one it was kept with.
    const again = await fetch(`${shop.base}/terms-and-conditions`);
    expect(again.headers.get("x-request-id")).toMatch(UUID);
    expect(again.headers.get("x-request-id")).not.toBe(refused.headers.get("x-request-id"));
  });
});

describe("a server error", () => {
  // A copy of the test database without its categories table: every catalogue page fails on the server.
  const broken = path.resolve("tests/.tmp", `broken-${process.pid}.db`);
  beforeAll(async () => {
    fs.rmSync(broken, { force: true });
    const source = new Database(process.env.DATABASE_URL!.slice("file:".length), { readonly: true });
    await source.backup(broken);
    source.close();
    const copy = new Database(broken);
    copy.pragma("foreign_keys = OFF");
    copy.exec('DROP TABLE "Category"');
    copy.close();
  });
  const shop = useTestServer(6600, 300, { DATABASE_URL: `file:${broken}` });
  afterAll(() => {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(broken + suffix, { force: true });
  });

  it("shows the shopper a reference in their language that leads to the logged stack trace", async () => {
    for (const [language, words] of [
      ["en", "If you contact us about it, give this reference:"],
      ["ar", "إذا تواصلت معنا بشأنه فاذكر هذا الرقم المرجعي:"],
    ]) {
      const response = await fetch(`${shop.base}/?sort=price-asc`, { headers: { Cookie: `lang=${language}` } });
      expect(response.status).toBe(500);
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(UUID);
      const html = await response.text();
      expect(html).toContain(`${words} <code dir="ltr">${id}</code>`);
      const error = await waitForLine(shop.process.output, (line) => line.level === "error" && line.requestId === id);
      expect(error.err?.stack).toMatch(/Category/);
      expect((await waitForLine(shop.process.output, (line) => line.msg === "request" && line.requestId === id)).status).toBe(500);
    }
  });
});
