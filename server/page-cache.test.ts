import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Request } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

// A real SQLite file of its own: the cache's freshness comes from SQLite's data_version, which is what is tested.
const file = path.resolve("tests/.tmp", `page-cache-${process.pid}.db`);
fs.mkdirSync(path.dirname(file), { recursive: true });
const writer = new Database(file);
writer.pragma("journal_mode = WAL");
writer.exec("CREATE TABLE IF NOT EXISTS t (v INTEGER)");

afterAll(() => {
  writer.close();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, protocol: "http", originalUrl: url, get: (name: string) => lower[name.toLowerCase()] ?? (name === "host" ? "shop.test" : undefined) } as unknown as Request;
}

const page = (version: string, body = "<p>n0nce</p>") => ({ version, status: 200, headers: [] as [string, string][], parts: body.split("n0nce") });

describe("the shared page cache", () => {
  it("shares only the pages of visitors who carry nothing of their own", () => {
    const cache = createPageCache(`file:${file}`);
    expect(cache.keyOf(request("/"))).toBeTruthy();
    expect(cache.keyOf(request("/", { Cookie: "lang=en" }))).toBeTruthy();
    expect(cache.keyOf(request("/", { Cookie: "lang=en; cart=abc" }))).toBeNull();
    expect(cache.keyOf(request("/", { Cookie: "__session=abc" }))).toBeNull();
    expect(cache.keyOf(request("/", { Authorization: "Bearer token" }))).toBeNull();
    expect(cache.keyOf(request("/", {}, "POST"))).toBeNull();
    expect(cache.keyOf(request(`/?q=${"x".repeat(600)}`))).toBeNull();
    expect(cache.keyOf(request("/", { Cookie: "lang=en" }))).not.toBe(cache.keyOf(request("/", { Cookie: "lang=ar" })));
    expect(cache.keyOf(request("/", { "Accept-Language": "en" }))).not.toBe(cache.keyOf(request("/")));
    expect(cache.keyOf(request("/?page=2"))).not.toBe(cache.keyOf(request("/")));
    for (const url of ["/checkout", "/account", "/my-orders", "/view-invoice?orderNumber=ORD-1", "/payment?orderSessionId=x", "/payment-success", "/payment/return", "/invoice/o1", "/admin/timsar/orders", "//account", "/%61ccount"]) {
      expect(cache.keyOf(request(url)), url).toBeNull();
    }
    void cache.close();
  });

  it("forgets every page when another connection commits", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = cache.keyOf(request("/")) as string;
    cache.set(key, page(await cache.version()));
    expect(cache.get(key, await cache.version())?.parts).toEqual(["<p>", "</p>"]);
    writer.prepare("INSERT INTO t (v) VALUES (1)").run();
    expect(cache.get(key, await cache.version())).toBeUndefined();
    await cache.close();
  });

  it("never sends a page rendered before a commit", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = cache.keyOf(request("/product/a")) as string;
    const renderedAt = await cache.version();
    writer.prepare("INSERT INTO t (v) VALUES (2)").run();
    cache.set(key, page(renderedAt));
    expect(cache.get(key, await cache.version())).toBeUndefined();
    await cache.close();
  });

  it("keeps at most the number of pages it was given", async () => {
    const cache = createPageCache(`file:${file}`, 2);
    const keys = ["/a", "/b", "/c"].map((url) => cache.keyOf(request(url)) as string);
    for (const key of keys) cache.set(key, page(await cache.version()));
    const now = await cache.version();
    expect(cache.get(keys[0], now)).toBeUndefined();
    expect(cache.get(keys[1], now)).toBeDefined();
    expect(cache.get(keys[2], now)).toBeDefined();
    await cache.close();
  });

  it("sends and keeps nothing when the database cannot say whether it changed", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = cache.keyOf(request("/")) as string;
    cache.set(key, page(await cache.version()));
    await cache.close();
    const unknown = await cache.version();
    expect(unknown).not.toBe(await cache.version());
    expect(cache.get(key, unknown)).toBeUndefined();
    cache.set(key, page(unknown));
    expect(cache.get(key, await cache.version())).toBeUndefined();
  });
});
