import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { useTestServer } from "../support/test-server";

// The real server.ts keeps shared pages (server/page-cache.ts); these tests look at what a visitor would see
// from it: their own language, their own cart, the catalogue as it is now, and scripts the browser will run.

const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
const cartCount = (html: string) => /data-testid="cart-count"[^>]*>(\d+)</.exec(html)?.[1];

describe("pages shared between visitors without cookies", () => {
  const { base } = useTestServer(4100, 400);
  let productPath: string;
  let productId: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 2250 });
    productId = product.id;
    productPath = `/product/${product.id}`;
  });

  it("gives every response its own CSP nonce on every script, so the page's scripts still run", async () => {
    const bodies: string[] = [];
    const nonces = new Set<string>();
    for (let request = 0; request < 6; request++) {
      const response = await fetch(base + productPath);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-shop-shared-page")).toBeNull();
      const nonce = cspNonce(response);
      expect(nonce).toBeTruthy();
      nonces.add(nonce as string);
      const html = await response.text();
      // Structured data (application/ld+json) is not run, so it needs no nonce.
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]).filter((tag) => !tag.includes("ld+json"));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      bodies.push(html.replaceAll(nonce as string, "NONCE"));
    }
    expect(nonces.size).toBe(6);
    expect(new Set(bodies).size).toBe(1);
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
