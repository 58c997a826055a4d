import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { useTestServer } from "../support/test-server";
import { createCustomer } from "../factories/customer";
import { createSession } from "../factories/session";
import { cartCookieHeader } from "~/cookies/cart.server";
import { getCustomerSessionCookie } from "~/auth/session.server";

// The real server.ts keeps shared pages (server/page-cache.ts); these tests look at what a visitor would see
// from it: their own language, their own cart, the catalogue as it is now, and scripts the browser will run.

async function hits(base: string): Promise<number> {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const line = metrics.split("\n").find((candidate) => candidate.startsWith('shop_page_cache_lookups_total{result="hit"'));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

// The header counts in the page's digits (decision 0079): Arabic-Indic on the default Arabic page, read back as 0-9.
const cartCount = (html: string) =>
  /data-testid="cart-count"[^>]*>([0-9\u0660-\u0669]+)</.exec(html)?.[1].replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660));

describe("pages shared between visitors without cookies", () => {
  // Two workers, each with its own kept pages: a change must reach the one that did not make it.
  const { base } = useTestServer(4100, 400, { WEB_CONCURRENCY: "2" });
  let productPath: string;
  let productId: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 2250 });
    productId = product.id;
    productPath = `/product/${product.id}`;
  });

  it("sends everyone the same bytes, whose scripts the CSP allows by their hashes, so they still run", async () => {
    const bodies = new Set<string>();
    for (let request = 0; request < 4; request++) {
      const response = await fetch(base + productPath);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-shop-shared-page")).toBeNull();
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).not.toContain("'nonce-");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, content]) => content && !attributes.includes("src=") && !attributes.includes("ld+json"));
      expect(inline.length).toBeGreaterThan(0);
      for (const [, , content] of inline) expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(content).digest("base64")}'`);
      bodies.add(html);
    }
    expect(bodies.size).toBe(1);
  });

  it("compresses a kept page once and answers a repeat visit with 304", async () => {
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(base + productPath, { headers: { "Accept-Encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
      expect(await response.text()).toContain("</html>");
    }
    const first = await fetch(base + productPath);
    const etag = first.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    const again = await fetch(base + productPath, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("shows a new price and hides a hidden product on the very next request", async () => {
    expect(await (await fetch(base + productPath)).text()).toContain("2.25");
    await prisma.product.update({ where: { id: productId }, data: { priceFils: 3750 } });
    const repriced = await (await fetch(base + productPath)).text();
    expect(repriced).toContain("3.75");
    expect(repriced).not.toContain("2.25");

    await prisma.product.update({ where: { id: productId }, data: { isVisible: false } });
    expect((await fetch(base + productPath)).status).toBe(404);
    await prisma.product.update({ where: { id: productId }, data: { isVisible: true } });
    expect((await fetch(base + productPath)).status).toBe(200);
  });

  it("answers each visitor in their own language, by cookie or by browser setting", async () => {
    for (let round = 0; round < 2; round++) {
      const arabic = await (await fetch(base + productPath)).text();
      expect(arabic).toContain('<html lang="ar" dir="rtl">');
      const english = await (await fetch(base + productPath, { headers: { Cookie: "lang=en" } })).text();
      expect(english).toContain('<html lang="en" dir="ltr">');
      const browserEnglish = await (await fetch(base + productPath, { headers: { "Accept-Language": "en-US,en;q=0.9" } })).text();
      expect(browserEnglish).toContain('<html lang="en" dir="ltr">');
      const arabicCookie = await (await fetch(base + productPath, { headers: { Cookie: "lang=ar", "Accept-Language": "en-US" } })).text();
      expect(arabicCookie).toContain('<html lang="ar" dir="rtl">');
      // English ranked below a language the shop does not speak still wins over Arabic; the kept page is filed so.
      const englishSecond = await (await fetch(base + productPath, { headers: { "Accept-Language": "fr, en;q=0.5" } })).text();
      expect(englishSecond).toContain('<html lang="en" dir="ltr">');
      const browserArabic = await (await fetch(base + productPath, { headers: { "Accept-Language": "ar" } })).text();
      expect(browserArabic).toContain('<html lang="ar" dir="rtl">');
    }
  });

  it("shows a shopper their own cart count, never the shared page's empty one", async () => {
    expect(cartCount(await (await fetch(base + productPath)).text())).toBe("0");
    const added = await fetch(`${base}/cart`, {
      method: "POST",
      body: new URLSearchParams({ productId, intent: "add", source: "card", redirectTo: productPath }),
      redirect: "manual",
      headers: { Origin: base },
    });
    expect(added.status).toBe(303);
    const cookies = added.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .filter((cookie) => cookie.startsWith("cart"));
    expect(cookies.length).toBe(1);
    for (let request = 0; request < 3; request++) {
      const html = await (await fetch(base + productPath, { headers: { Cookie: `lang=en; ${cookies[0]}` } })).text();
      expect(cartCount(html)).toBe("1");
    }
    expect(cartCount(await (await fetch(base + productPath)).text())).toBe("0");
  });
});

describe("catalogue pages kept for shoppers with a cart or a session", () => {
  const { base } = useTestServer(4500, 400, { WEB_CONCURRENCY: "2" });
  let productId: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    productId = (await createProduct(prisma, { categoryId: category.id, priceFils: 1500 })).id;
  });

  const cartWith = async (quantity: number) => (await cartCookieHeader([{ productId, quantity, customTags: [] }])).split(";")[0];
  const sessionOf = async (customerId: string) => (await getCustomerSessionCookie().serialize(await createSession(prisma, { customerId }))).split(";")[0];
  // What the browser hydrates from: the root loader's data in the page's turbo-stream.
  const rootData = (html: string) => /\\"cartCount\\",(\d+),\\"isSignedIn\\",(true|false)/.exec(html)?.slice(1).join(",");

  it("never shows one shopper's cart count or sign-in to another, however often the page is asked for", async () => {
    const [ayesha, fatma] = [await createCustomer(prisma), await createCustomer(prisma)];
    // A signed-in shopper's cart is the one kept on the server (decision 0086); a cookie her browser still carries waits for her to sign out.
    await prisma.savedCart.create({ data: { customerId: ayesha.id, lines: [{ productId, quantity: 2, customTags: [] }] } });
    const shoppers = [
      { cookie: `${await sessionOf(ayesha.id)}; ${await cartWith(3)}`, count: "2", signedIn: true },
      { cookie: await cartWith(2), count: "2", signedIn: false },
      { cookie: `lang=en; ${await sessionOf(fatma.id)}`, count: "0", signedIn: true },
      { cookie: await cartWith(5), count: "5", signedIn: false },
      { cookie: "", count: "0", signedIn: false },
    ];
    for (const path of ["/", `/product/${productId}`, "/terms-and-conditions", "/?sort=price-asc"]) {
      for (let round = 0; round < 3; round++) {
        for (const shopper of shoppers) {
          const html = await (await fetch(base + path, { headers: shopper.cookie ? { Cookie: shopper.cookie } : {} })).text();
          const where = `${path} for ${shopper.cookie || "a new visitor"}`;
          expect(cartCount(html), where).toBe(shopper.count);
          expect(html.includes('href="/account"'), where).toBe(shopper.signedIn);
          expect(html.includes('href="/login"'), where).toBe(!shopper.signedIn);
          expect(rootData(html), where).toBe(`${shopper.count},${shopper.signedIn}`);
          for (const customer of [ayesha, fatma]) {
            expect(html, where).not.toContain(customer.email);
            expect(html, where).not.toContain(customer.fullName);
          }
        }
      }
    }
  });

  it("shows a signed-out header as soon as the session ends", async () => {
    const customer = await createCustomer(prisma);
    const cookie = await sessionOf(customer.id);
    expect(await (await fetch(`${base}/`, { headers: { Cookie: cookie } })).text()).toContain('href="/account"');
    await prisma.session.deleteMany({ where: { customerId: customer.id } });
    const after = await (await fetch(`${base}/`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain('href="/login"');
    expect(after).not.toContain('href="/account"');
  });

  it("shows a one-time message to the shopper it is for, and keeps nothing of it", async () => {
    const flashed = await fetch(`${base}/product/${productId}`, { headers: { Cookie: `${await cartWith(1)}; shop_flash=added` } });
    expect(flashed.headers.get("set-cookie")).toContain("shop_flash=;");
    expect(await flashed.text()).toContain('data-testid="toast"');
    const next = await fetch(`${base}/product/${productId}`, { headers: { Cookie: await cartWith(1) } });
    expect(next.headers.get("set-cookie")).toBeNull();
    expect(await next.text()).not.toContain('data-testid="toast"');
  });
});

describe("a guest's cart page, kept per cart", () => {
  // One worker, so that the second request of a cart is answered by the worker that kept the first.
  const { base } = useTestServer(4500, 400);
  let clip: { id: string; nameEn: string };
  let bow: { id: string; nameEn: string };

  beforeAll(async () => {
    const category = await createCategory(prisma);
    clip = await createProduct(prisma, { categoryId: category.id, nameEn: `Pearl clip ${crypto.randomBytes(3).toString("hex")}`, priceFils: 1500, stockQuantity: 10 });
    bow = await createProduct(prisma, { categoryId: category.id, nameEn: `Satin bow ${crypto.randomBytes(3).toString("hex")}`, priceFils: 2250, stockQuantity: 10 });
  });

  const cartOf = async (...lines: [string, number][]) =>
    (await cartCookieHeader(lines.map(([productId, quantity]) => ({ productId, quantity, customTags: [] })))).split(";")[0];
  const cartPage = async (cookie: string) => {
    const response = await fetch(`${base}/cart`, { headers: { Cookie: `lang=en; ${cookie}` } });
    expect(response.status).toBe(200);
    // Never kept by a browser or a proxy, whoever else is sent the same bytes by the shop.
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toContain("Cookie");
    const html = await response.text();
    const quantities = [...html.matchAll(/data-testid="cart-item-quantity"[^>]*>(\d+)</g)].map((match) => Number(match[1]));
    return { html, quantities, total: /data-testid="cart-total"[^>]*>([^<]+)</.exec(html)?.[1], csp: response.headers.get("content-security-policy") ?? "" };
  };

  it("sends each guest their own lines, and a second guest with the same lines the page kept for the first", async () => {
    const shoppers = [
      { cookie: await cartOf([clip.id, 1]), quantities: [1], total: "1.50 KD", names: [clip.nameEn] },
      { cookie: await cartOf([clip.id, 2]), quantities: [2], total: "3.00 KD", names: [clip.nameEn] },
      { cookie: await cartOf([clip.id, 1], [bow.id, 3]), quantities: [1, 3], total: "8.25 KD", names: [clip.nameEn, bow.nameEn] },
      { cookie: await cartOf([bow.id, 3], [clip.id, 1]), quantities: [3, 1], total: "8.25 KD", names: [bow.nameEn, clip.nameEn] },
    ];
    const before = await hits(base);
    for (let round = 0; round < 3; round++) {
      for (const shopper of shoppers) {
        const page = await cartPage(shopper.cookie);
        expect(page.quantities, shopper.cookie).toEqual(shopper.quantities);
        expect(page.total).toBe(shopper.total);
        expect(cartCount(page.html)).toBe(String(shopper.quantities.reduce((sum, quantity) => sum + quantity, 0)));
        const shown = [clip.nameEn, bow.nameEn].filter((name) => page.html.includes(name)).sort();
        expect(shown).toEqual([...shopper.names].sort());
        // A kept page allows its scripts by their hashes, not this response's nonce.
        expect(page.csp).not.toContain("'nonce-");
      }
    }
    // Every request after each cart's first, answered from what the worker kept.
    expect(await hits(base)).toBe(before + 8);
  });

  it("shows a new price, the stock left and a hidden product on the very next request", async () => {
    const cookie = await cartOf([clip.id, 2], [bow.id, 3]);
    const kept = await cartPage(cookie);
    expect(kept.total).toBe("9.75 KD");
    expect(kept.html).not.toContain('data-testid="cart-item-warning"');
    await prisma.product.update({ where: { id: clip.id }, data: { priceFils: 1750 } });
    expect((await cartPage(cookie)).total).toBe("10.25 KD");
    // Two left of three asked, still on sale: only the product's own version moves, not the listing's.
    await prisma.product.update({ where: { id: bow.id }, data: { stockQuantity: 2 } });
    expect((await cartPage(cookie)).html).toContain('data-testid="cart-item-warning"');
    await prisma.product.update({ where: { id: bow.id }, data: { isVisible: false } });
    const hidden = await cartPage(cookie);
    expect(hidden.quantities).toEqual([2]);
    expect(hidden.html).not.toContain(bow.nameEn);
    await prisma.product.update({ where: { id: bow.id }, data: { isVisible: true, stockQuantity: 10 } });
    await prisma.product.update({ where: { id: clip.id }, data: { priceFils: 1500 } });
  });

  it("files a page under the lines it shows, whatever else the cookie header carries", async () => {
    const mine = await cartOf([clip.id, 4]);
    const other = await cartOf([bow.id, 5]);
    // Two cart cookies: the page is rendered from one of them and filed under that one's lines, never the other's.
    const both = await cartPage(`${mine}; ${other}`);
    for (const [cookie, quantity] of [[mine, 4], [other, 5]] as const) {
      for (let round = 0; round < 2; round++) expect((await cartPage(cookie)).quantities).toEqual([quantity]);
    }
    expect([[4], [5]]).toContainEqual(both.quantities);
    // A cookie that is not the shop's shows an empty cart and is kept as one.
    const forged = await cartPage(`cart=${Buffer.from(JSON.stringify([{ productId: clip.id, quantity: 9 }])).toString("base64")}.forged`);
    expect(forged.html).toContain('data-testid="cart-empty"');
  });

  it("renders a signed-in shopper's cart, and a cart with a message, for that request alone", async () => {
    const customer = await createCustomer(prisma);
    await prisma.savedCart.create({ data: { customerId: customer.id, lines: [{ productId: clip.id, quantity: 6, customTags: [] }] } });
    const session = (await getCustomerSessionCookie().serialize(await createSession(prisma, { customerId: customer.id }))).split(";")[0];
    const before = await hits(base);
    for (let round = 0; round < 2; round++) {
      const signedIn = await cartPage(session);
      expect(signedIn.quantities).toEqual([6]);
      expect(signedIn.csp).toContain("'nonce-");
      const flashed = await cartPage(`${await cartOf([clip.id, 1])}; shop_flash=added`);
      expect(flashed.csp).toContain("'nonce-");
    }
    expect(await hits(base)).toBe(before);
  });
});

describe("catalogue answers of the JSON API, kept like the pages", () => {
  const { base } = useTestServer(4500, 400);

  it("answers a repeated search from memory, and the next one after a change from the catalogue as it is now", async () => {
    const mark = `zq${crypto.randomBytes(4).toString("hex")}`;
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, nameEn: `Velvet bow ${mark}` });
    const url = `${base}/api/products?q=${mark}&sort=price-asc`;
    const first = await fetch(url);
    expect(first.headers.get("x-shop-shared-page")).toBeNull();
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const before = await hits(base);
    const again = await fetch(url);
    expect(await hits(base)).toBe(before + 1);
    expect(await again.text()).toBe(await first.text());
    // The kept answer keeps the tag the route gave it, and names it weakly or in a list as well.
    const etag = again.headers.get("etag") as string;
    expect(etag).toBe(first.headers.get("etag"));
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) expect((await fetch(url, { headers: { "If-None-Match": header } })).status).toBe(304);

    await prisma.product.update({ where: { id: product.id }, data: { nameEn: `Satin clip ${mark}` } });
    const renamed = (await (await fetch(url)).json()) as { products: { name: { en: string } }[]; total: number };
    expect(renamed.products.map((item) => item.name.en)).toEqual([`Satin clip ${mark}`]);
    await prisma.product.update({ where: { id: product.id }, data: { isVisible: false } });
    expect(await (await fetch(url)).json()).toMatchObject({ products: [], total: 0 });
  });

  it("never keeps an answer the route did not mark as shared", async () => {
    const before = await hits(base);
    for (let request = 0; request < 3; request++) expect((await fetch(`${base}/api/products?category=no-such-category`)).status).toBe(404);
    expect(await hits(base)).toBe(before);
  });
});
