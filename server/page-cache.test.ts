import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import type { Request } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { cartCookieHeader } from "../app/cookies/cart.server";
import { createPageCache, scopeOf, withoutNonce } from "./page-cache";

// A real SQLite file of its own: the cache's freshness comes from the catalogue's version row, which a trigger on
// `t` (a catalogue table) changes as the migration's triggers do; `other` stands for every table no page shows.
const file = path.resolve("tests/.tmp", `page-cache-${process.pid}.db`);
fs.mkdirSync(path.dirname(file), { recursive: true });
const writer = new Database(file);
writer.pragma("journal_mode = WAL");
writer.exec(`CREATE TABLE IF NOT EXISTS t (v INTEGER);
  CREATE TABLE IF NOT EXISTS other (v INTEGER);
  CREATE TABLE IF NOT EXISTS "CatalogueVersion" ("id" INTEGER PRIMARY KEY, "version" BIGINT NOT NULL);
  INSERT OR IGNORE INTO "CatalogueVersion" VALUES (1, 0);
  CREATE TABLE IF NOT EXISTS "ProductVersion" ("productId" TEXT PRIMARY KEY, "version" BIGINT NOT NULL);
  CREATE TRIGGER IF NOT EXISTS t_catalogue AFTER INSERT ON t BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991; END;`);

afterAll(() => {
  writer.close();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

function request(url: string, headers: Record<string, string> = {}, method = "GET") {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method, protocol: "http", originalUrl: url, get: (name: string) => lower[name.toLowerCase()] ?? (name === "host" ? "shop.test" : undefined) } as unknown as Request;
}

const page = (version: { list: string; scoped: string }, body = "<p>page</p>") => ({ version: version.scoped, list: version.list, status: 200, headers: {}, etag: '"e"', bodies: { identity: Buffer.from(body) } });
const keyOf = async (cache: ReturnType<typeof createPageCache>, req: Request) => (await cache.lookupKey(req))?.key ?? null;
const cartCookie = async (quantity: number) => (await cartCookieHeader([{ productId: "p1", quantity, customTags: [] }])).split(";")[0];

describe("the shared page cache", () => {
  it("shares pages between visitors with the same language and the same header, never a private page", async () => {
    const cache = createPageCache(`file:${file}`);
    expect(await keyOf(cache, request("/"))).toBeTruthy();
    expect(await keyOf(cache, request("/", { Cookie: "lang=en" }))).toBeTruthy();
    expect(await keyOf(cache, request("/", { Cookie: "lang=en; shop_flash=addedToCart" }))).toBeNull();
    expect(await keyOf(cache, request("/", { Authorization: "Bearer token" }))).toBeNull();
    expect(await keyOf(cache, request("/", {}, "POST"))).toBeNull();
    expect(await keyOf(cache, request(`/?q=${"x".repeat(600)}`))).toBeNull();
    expect(await keyOf(cache, request("/", { Cookie: "lang=en" }))).not.toBe(await keyOf(cache, request("/", { Cookie: "lang=ar" })));
    expect(await keyOf(cache, request("/", { "Accept-Language": "en" }))).not.toBe(await keyOf(cache, request("/")));
    // Filed under the language the page is in, however the request names it.
    expect(await keyOf(cache, request("/", { "Accept-Language": "fr, en;q=0.5" }))).toBe(await keyOf(cache, request("/", { Cookie: "lang=en" })));
    expect(await keyOf(cache, request("/", { "Accept-Language": "fr, en;q=0.5" }))).not.toBe(await keyOf(cache, request("/", { "Accept-Language": "ar" })));
    expect(await keyOf(cache, request("/", { Cookie: "lang=ar", "Accept-Language": "en" }))).toBe(await keyOf(cache, request("/")));
    expect(await keyOf(cache, request("/", { "Accept-Language": "x".repeat(600) }))).toBe(await keyOf(cache, request("/")));
    expect(await keyOf(cache, request("/?page=2"))).not.toBe(await keyOf(cache, request("/")));
    for (const url of ["/checkout", "/account", "/my-orders", "/view-invoice?orderNumber=ORD-1", "/payment?orderSessionId=x", "/payment-success", "/payment/return", "/invoice/o1", "/admin/timsar/orders", "//account", "/%61ccount", "/favicon.svg", "/product/a.data"]) {
      expect(await keyOf(cache, request(url)), url).toBeNull();
    }
    await cache.close();
  });

  it("files a shopper's page under their cart count, so shoppers with different carts never share one", async () => {
    const cache = createPageCache(`file:${file}`);
    const [two, otherTwo, three] = [await cartCookie(2), await cartCookie(2), await cartCookie(3)];
    const anonymous = await keyOf(cache, request("/"));
    const withTwo = await cache.lookupKey(request("/", { Cookie: two }));
    expect(withTwo?.visitor).toEqual({ cartCount: 2, isSignedIn: false });
    expect(withTwo?.key).not.toBe(anonymous);
    expect(await keyOf(cache, request("/", { Cookie: `${otherTwo}; _ga=GA1.2.3` }))).toBe(withTwo?.key);
    expect(await keyOf(cache, request("/", { Cookie: three }))).not.toBe(withTwo?.key);
    // A forged cart (a bad signature) counts as no cart, as the root loader reads it.
    const forged = await cache.lookupKey(request("/", { Cookie: `${two.slice(0, -3)}abc` }));
    expect(forged?.visitor).toEqual({ cartCount: 0, isSignedIn: false });
    await cache.close();
  });

  it("keeps its pages when another connection commits to a table no page shows", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = (await keyOf(cache, request("/"))) as string;
    cache.set(key, page(await cache.version()));
    writer.prepare("INSERT INTO other (v) VALUES (1)").run();
    expect(cache.get(key, (await cache.version()).scoped)?.bodies.identity?.toString()).toBe("<p>page</p>");
    await cache.close();
  });

  it("forgets every page when another connection commits to the catalogue", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = (await keyOf(cache, request("/"))) as string;
    cache.set(key, page(await cache.version()));
    expect(cache.get(key, (await cache.version()).scoped)?.bodies.identity?.toString()).toBe("<p>page</p>");
    writer.prepare("INSERT INTO t (v) VALUES (1)").run();
    expect(cache.get(key, (await cache.version()).scoped)).toBeUndefined();
    await cache.close();
  });

  it("keeps a product's page while another product's version moves, and forgets it when its own does", async () => {
    const cache = createPageCache(`file:${file}`);
    const bump = writer.prepare(`INSERT INTO "ProductVersion" VALUES (?, 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1`);
    const [productKey, homeKey] = [(await keyOf(cache, request("/product/a"))) as string, (await keyOf(cache, request("/"))) as string];
    cache.set(productKey, page(await cache.version("/product/a")));
    cache.set(homeKey, page(await cache.version("/")));
    bump.run("b");
    expect(cache.get(productKey, (await cache.version("/product/a")).scoped)).toBeDefined();
    expect(cache.get(homeKey, (await cache.version("/")).scoped)).toBeDefined();
    const apiList = await cache.version("/api/products");
    bump.run("a");
    expect(cache.get(productKey, (await cache.version("/product/a")).scoped)).toBeUndefined();
    expect(cache.get(homeKey, (await cache.version("/")).scoped)).toBeDefined();
    expect((await cache.version("/api/products")).scoped).not.toBe(apiList.scoped);
    await cache.close();
  });

  it("files each page under what it shows", () => {
    expect(scopeOf("/product/p1")).toEqual({ productId: "p1" });
    expect(scopeOf("/api/products/p1")).toEqual({ productId: "p1" });
    expect(scopeOf("/api/products")).toBe("stock");
    expect(scopeOf("/api/products/p1/notify")).toBe("stock");
    expect(scopeOf("/")).toBe("list");
    expect(scopeOf("/search")).toBe("list");
  });

  it("reads the version of a turn's requests once they have all arrived: a commit before the reading is seen by each", async () => {
    const cache = createPageCache(`file:${file}`);
    const before = await cache.version("/");
    // Two requests of one turn ask; a commit lands before the turn ends (as another worker's would): both readings,
    // taken after the turn's arrivals, show it, and they are one reading.
    const asked = [cache.versionSoon("/"), cache.versionSoon("/product/a")];
    writer.prepare("INSERT INTO t (v) VALUES (3)").run();
    const [home, product] = await Promise.all(asked);
    expect(home.list).not.toBe(before.list);
    expect(product.list).toBe(home.list);
    expect(home).toEqual(await cache.version("/"));
    await cache.close();
  });

  it("never sends a page rendered before a commit", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = (await keyOf(cache, request("/product/a"))) as string;
    const renderedAt = await cache.version("/product/a");
    writer.prepare("INSERT INTO t (v) VALUES (2)").run();
    cache.set(key, page(renderedAt));
    expect(cache.get(key, (await cache.version("/product/a")).scoped)).toBeUndefined();
    await cache.close();
  });

  it("keeps pages within its byte budget, the compressed forms counted, dropping the oldest first", async () => {
    const cache = createPageCache(`file:${file}`, 2500);
    const keys = await Promise.all(["/a", "/b", "/c"].map(async (url) => (await keyOf(cache, request(url))) as string));
    for (const key of keys) cache.set(key, page(await cache.version(), "x".repeat(1000)));
    const now = (await cache.version()).scoped;
    expect(cache.get(keys[0], now)).toBeUndefined();
    expect(cache.get(keys[1], now)).toBeDefined();
    const kept = cache.get(keys[2], now)!;
    expect(zlib.gunzipSync(cache.body(keys[2], kept, "gzip")).toString()).toBe("x".repeat(1000));
    expect(zlib.brotliDecompressSync(cache.body(keys[2], kept, "br")).toString()).toBe("x".repeat(1000));
    expect(cache.size.bytes).toBeLessThanOrEqual(2500);
    expect(cache.size.bytes).toBeGreaterThan(2000);
    await cache.close();
  });

  it("sends and keeps nothing when the database cannot say whether it changed", async () => {
    const cache = createPageCache(`file:${file}`);
    const key = (await keyOf(cache, request("/"))) as string;
    cache.set(key, page(await cache.version()));
    await cache.close();
    const unknown = await cache.version();
    expect(unknown.scoped).not.toBe((await cache.version()).scoped);
    expect(cache.get(key, unknown.scoped)).toBeUndefined();
    cache.set(key, page(unknown));
    expect(cache.get(key, (await cache.version()).scoped)).toBeUndefined();
  });
});

describe("a kept page's scripts", () => {
  const nonce = "bm9uY2UxMjM0NTY3ODkwMTI=";
  const csp = `default-src 'self'; script-src 'self' 'nonce-${nonce}'; object-src 'none'`;
  const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

  it("are allowed by their hashes instead of the response's nonce", () => {
    const inline = 'window.__remixContext = {"a":"فيونكة"};';
    const html = `<p>x</p><script nonce="${nonce}">${inline}</script><script nonce="${nonce}" type="module" src="/build/a.js"></script><script type="application/ld+json">{}</script>`;
    const shared = withoutNonce(html, csp, nonce)!;
    expect(shared.html).not.toContain(nonce);
    expect(shared.html).toContain(`<script>${inline}</script>`);
    expect(shared.csp).toBe(`default-src 'self'; script-src 'self' ${sha256(inline)}; object-src 'none'`);
  });

  it("is not shared when the nonce appears anywhere else in the page", () => {
    expect(withoutNonce(`<p data-n="${nonce}"></p><script nonce="${nonce}">1</script>`, csp, nonce)).toBeNull();
  });
});
