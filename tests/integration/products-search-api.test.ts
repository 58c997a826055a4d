/** GET /api/products?q=: the search over the catalogue (app/models/catalogue/product-search.server.ts) as the JSON API answers it. */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as productsLoader } from "~/routes/api.products";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";

/** A word no other test's product carries, so each search here sees only its own products in the shared database. */
function marker() {
  return `zq${crypto.randomBytes(4).toString("hex")}`;
}

/** A product named with the marker, with plain descriptions that no search here matches. */
async function product(mark: string, fields: { nameAr: string; categoryId?: string }) {
  const created = await createProduct(prisma, { ...fields, nameEn: `Thing ${mark}` });
  return prisma.product.update({ where: { id: created.id }, data: { descriptionEn: "Plain description.", descriptionAr: "وصف عادي." } });
}

describe("GET /api/products?q=", () => {
  const call = (query: string) =>
    productsLoader({ request: new Request(`http://shop.test/api/products?${query}`), params: {}, context: { cspNonce: "n" } });

  it("answers a page of SPEC's product objects with total, page and pageCount", async () => {
    const mark = marker();
    const category = await createCategory(prisma);
    const bow = await product(mark, { nameAr: "ربطة", categoryId: category.id });
    await product(mark, { nameAr: "مشبك" });
    const response = await call(`q=${encodeURIComponent(`${mark} ربطه`)}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { products: { _id: string; name: { ar: string } }[]; total: number; page: number; pageCount: number };
    expect(body).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(body.products[0]).toMatchObject({ _id: bow.id, name: { ar: "ربطة" } });
    const inCategory = (await (await call(`q=${mark}&category=${category.slug}`)).json()) as { total: number };
    expect(inCategory.total).toBe(1);
  });

  it("answers an empty page for an empty search, and the category rules as without q", async () => {
    expect(await (await call("q=%20%20")).json()).toEqual({ products: [], total: 0, page: 1, pageCount: 1 });
    const missing = await call("q=bow&category=no-such-category");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Category not found / التصنيف غير موجود" });
  });
});
