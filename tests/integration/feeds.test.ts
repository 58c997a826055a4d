/**
 * The product feeds through the real server (issue 46, point 2), with two workers that each keep their own copy:
 * `ETag` and `Last-Modified` on every answer, `304` to a client that already has the bytes (by either header), and
 * a new feed on the very next request after a price edit, whichever worker answers.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { useTestServer } from "../support/test-server";
import { readCsvObjects, readGoogleFeed } from "../support/feed-readers";

describe("product feeds", () => {
  const { base } = useTestServer(6100, 60, { WEB_CONCURRENCY: "2" });
  let productId: string;

  beforeAll(async () => {
    const category = await createCategory(prisma);
    productId = (await createProduct(prisma, { categoryId: category.id, nameEn: "Feed Bow", nameAr: "فيونكة الملف", priceFils: 2250 })).id;
  });

  const priceIn = (xml: string) => readGoogleFeed(xml).items.find((item) => item.id === productId)?.price;

  it("answers Google's feed in Arabic by default and in English when asked, with its validators", async () => {
    const arabic = await fetch(`${base}/feeds/google.xml`);
    expect(arabic.status).toBe(200);
    expect(arabic.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(arabic.headers.get("etag")).toMatch(/^"[\w-]{32}"$/);
    expect(new Date(arabic.headers.get("last-modified") ?? "").getTime()).toBeLessThanOrEqual(Date.now());
    const item = readGoogleFeed(await arabic.text()).items.find((entry) => entry.id === productId);
    expect(item).toMatchObject({ title: "فيونكة الملف", price: "2.250 KWD", availability: "in_stock" });
    const english = readGoogleFeed(await (await fetch(`${base}/feeds/google.xml?lang=en`)).text());
    expect(english.items.find((entry) => entry.id === productId)?.title).toBe("Feed Bow");
  });

  it("answers Meta's feed as CSV with CONTRACT's header", async () => {
    const response = await fetch(`${base}/feeds/meta.csv?lang=en`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const { header, rows } = readCsvObjects(await response.text());
    expect(header.join(",")).toBe("id,item_group_id,title,description,availability,condition,price,sale_price,link,image_link,brand");
    expect(rows.find((row) => row.id === productId)).toMatchObject({ title: "Feed Bow", availability: "in stock", price: "2.250 KWD" });
  });

  it("refuses a language it does not have, in words", async () => {
    const response = await fetch(`${base}/feeds/meta.csv?lang=fr`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("The feed's language (lang) must be ar or en. / لغة ملف المنتجات (lang) يجب أن تكون ar أو en.\n");
  });

  it("answers 304 to a client that has the feed, and the new feed after a price edit", async () => {
    for (const path of ["/feeds/google.xml?lang=en", "/feeds/meta.csv?lang=en"]) {
      const first = await fetch(base + path);
      const etag = first.headers.get("etag") as string;
      const lastModified = first.headers.get("last-modified") as string;
      await first.text();
      // Several requests, so both workers answer at least once.
      for (let round = 0; round < 4; round++) {
        const byTag = await fetch(base + path, { headers: { "If-None-Match": etag } });
        expect(byTag.status).toBe(304);
        expect(await byTag.text()).toBe("");
        expect(byTag.headers.get("etag")).toBe(etag);
        const byDate = await fetch(base + path, { headers: { "If-Modified-Since": lastModified } });
        expect(byDate.status).toBe(304);
      }
      const stale = await fetch(base + path, { headers: { "If-None-Match": '"another"' } });
      expect(stale.status).toBe(200);
      await stale.text();
    }

    const before = await fetch(`${base}/feeds/google.xml?lang=en`);
    const etag = before.headers.get("etag") as string;
    expect(priceIn(await before.text())).toBe("2.250 KWD");
    await prisma.product.update({ where: { id: productId }, data: { priceFils: 1750, priceBeforeDiscountFils: 2250, hasDiscount: true } });
    await prisma.productVariant.update({ where: { id: productId }, data: { priceFils: 1750, priceBeforeDiscountFils: 2250 } });
    for (let round = 0; round < 4; round++) {
      const after = await fetch(`${base}/feeds/google.xml?lang=en`, { headers: { "If-None-Match": etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get("etag")).not.toBe(etag);
      const item = readGoogleFeed(await after.text()).items.find((entry) => entry.id === productId);
      expect(item).toMatchObject({ price: "2.250 KWD", sale_price: "1.750 KWD" });
    }
  });
});
