/**
 * Issue 47: a kept (cached) product page follows the owner's decisions on its reviews (decision 0090: the Review
 * table's triggers move the catalogue's version). Against the real server: the page, its JSON-LD `aggregateRating`
 * and the product's `rating` in the API show a review on the first request after the owner publishes it through
 * `PUT /api/admin/reviews/{id}`, and lose it on the first request after she hides it. Hits are counted by /metrics.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { writeReview } from "~/models/reviews/index.server";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueAddress, uniqueName } from "../factories/unique";
import { adminCookie } from "../support/admin-requests";
import { useTestServer } from "../support/test-server";

const env = { WEB_CONCURRENCY: "1", TRUST_PROXY: "1", METRICS_TOKEN: "reviews-kept-metrics" };

type LdProduct = { aggregateRating?: { ratingValue: number; reviewCount: number }; review?: { reviewBody: string }[] };

describe("a kept product page and its reviews", { timeout: 120_000 }, () => {
  const { base } = useTestServer(7740, 40, env);

  async function hits(): Promise<number> {
    const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${env.METRICS_TOKEN}` } })).text();
    const line = metrics.split("\n").find((candidate) => candidate.startsWith('shop_page_cache_lookups_total{result="hit"'));
    return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
  }

  /** The page as a visitor without cookies gets it, whether it came from the cache, and its JSON-LD product. */
  async function visit(path: string) {
    const before = await hits();
    const response = await fetch(base + path, { headers: { Cookie: "lang=en" } });
    const html = await response.text();
    const hit = (await hits()) === before + 1;
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    const ld = script ? (JSON.parse(script) as LdProduct | LdProduct[]) : null;
    const product = (Array.isArray(ld) ? ld.find((entry) => "offers" in entry) : ld) ?? null;
    return { status: response.status, html, hit, ld: product };
  }

  async function decide(reviewId: string, body: Record<string, string>) {
    const { cookie } = await adminCookie("catalogue");
    const response = await fetch(`${base}/api/admin/reviews/${reviewId}`, {
      method: "PUT",
      headers: { Cookie: cookie, "Content-Type": "application/json", "X-Forwarded-For": uniqueAddress() },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  }

  const rating = async (productId: string) => ((await (await fetch(`${base}/api/products/${productId}`)).json()) as { product: { rating: { average: number; count: number } } }).product.rating;

  it("shows a review, its stars and its reply on the next request after it is published, and drops them after it is hidden", async () => {
    const product = await createProduct(prisma, { nameEn: uniqueName("Kept Review Bow"), priceFils: 2250, stockQuantity: 20 });
    const order = await createOrder(prisma, { status: "delivered", fullName: "Maryam Al-Ali", items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 2250, quantity: 1 }] });
    const review = await writeReview({ orderNumber: order.orderNumber, customerId: null, phone: order.phone, address: uniqueAddress(), productId: product.id, rating: 3, title: "Kept title", body: "A kept page shows this once published.", language: "en" });
    const path = `/product/${product.id}`;

    await visit(path);
    const kept = await visit(path);
    expect(kept.hit, "the page is kept").toBe(true);
    expect(kept.html).not.toContain("A kept page shows this once published.");
    expect(kept.ld?.aggregateRating).toBeUndefined();
    expect(await rating(product.id)).toEqual({ average: 0, count: 0 });

    await decide(review.id, { status: "published", reply: "Thank you, Maryam." });
    const published = await visit(path);
    expect(published.hit).toBe(false);
    expect(published.html).toContain("A kept page shows this once published.");
    expect(published.html).toContain("Thank you, Maryam.");
    expect(published.ld?.aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 1 });
    expect(published.ld?.review?.map((entry) => entry.reviewBody)).toEqual(["A kept page shows this once published."]);
    expect(await rating(product.id)).toEqual({ average: 3, count: 1 });
    // Kept again from here on.
    expect((await visit(path)).hit).toBe(true);

    await decide(review.id, { status: "hidden" });
    const hidden = await visit(path);
    expect(hidden.hit).toBe(false);
    expect(hidden.html).not.toContain("A kept page shows this once published.");
    expect(hidden.ld?.aggregateRating).toBeUndefined();
    expect(hidden.ld?.review).toBeUndefined();
    expect(await rating(product.id)).toEqual({ average: 0, count: 0 });
  });
});
