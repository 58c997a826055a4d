/** The admin products API's low-stock threshold and filter (issue 16): the shapes, and the bilingual 400s. */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as products from "~/routes/api.admin.products._index";
import * as product from "~/routes/api.admin.products.$id._index";
import { createCategory } from "../factories/category";
import { createProduct, FIXTURE_IMAGE } from "../factories/product";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function run(handler: unknown, req: Request, params: Record<string, string> = {}) {
  return runChecked(handler, req, params);
}

type ProductBody = { _id: string; stockQuantity: number; lowStockThreshold: number; isLowStock: boolean };
const THRESHOLD_MESSAGE = "Low-stock alert must be a whole number from 0 to 9999. / يجب أن يكون حد تنبيه المخزون عدداً صحيحاً من ٠ إلى ٩٩٩٩.";

describe("the admin products API's low stock", () => {
  it("takes and answers lowStockThreshold, 3 when left out, and refuses what is not a whole number from 0 to 9999", async () => {
    const { cookie } = await adminCookie();
    const category = await createCategory(prisma);
    const payload = { name: { en: "Grosgrain bow", ar: "فيونكة جروجران" }, price: 2, stockQuantity: 4, imageUrl: FIXTURE_IMAGE, categoryId: category.id };

    const plain = await run(products.action, request("/api/admin/products", { method: "POST", json: payload, cookie }));
    expect(plain.status).toBe(201);
    expect(((await plain.json()) as { product: ProductBody }).product).toMatchObject({ stockQuantity: 4, lowStockThreshold: 3, isLowStock: false });

    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, lowStockThreshold: 5 }, cookie }));
    expect(created.status).toBe(201);
    const saved = ((await created.json()) as { product: ProductBody }).product;
    expect(saved).toMatchObject({ lowStockThreshold: 5, isLowStock: true });

    for (const bad of [-1, 10000, 2.5, "many", "1e3"]) {
      const refused = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { lowStockThreshold: bad }, cookie }), { id: saved._id });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: THRESHOLD_MESSAGE, fieldErrors: { lowStockThreshold: [THRESHOLD_MESSAGE] } });
    }
    const createRefused = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, lowStockThreshold: "-3" }, cookie }));
    expect(createRefused.status).toBe(400);
    expect(((await createRefused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.lowStockThreshold).toEqual([THRESHOLD_MESSAGE]);

    const priceOnly = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { price: 3 }, cookie }), { id: saved._id });
    expect(((await priceOnly.json()) as { product: ProductBody }).product.lowStockThreshold).toBe(5);
    const lowered = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { lowStockThreshold: "0" }, cookie }), { id: saved._id });
    expect(((await lowered.json()) as { product: ProductBody }).product).toMatchObject({ lowStockThreshold: 0, isLowStock: false });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: saved._id } })).lowStockThreshold).toBe(0);
  });

  it("lists the low-stock products with ?stock=low, and refuses any other stock filter", async () => {
    const { cookie } = await adminCookie();
    const category = await createCategory(prisma);
    const low = await createProduct(prisma, { categoryId: category.id, stockQuantity: 2 });
    await createProduct(prisma, { categoryId: category.id, stockQuantity: 8 });
    await createProduct(prisma, { categoryId: category.id, stockQuantity: 0, isVisible: false });

    const listed = await run(products.loader, request(`/api/admin/products?categoryId=${category.id}&stock=low`, { cookie }));
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { products: ProductBody[] };
    expect(body.products.map((item) => item._id)).toEqual([low.id]);
    expect(body.products[0]).toMatchObject({ stockQuantity: 2, lowStockThreshold: 3, isLowStock: true });

    const all = await run(products.loader, request(`/api/admin/products?categoryId=${category.id}`, { cookie }));
    expect(((await all.json()) as { products: ProductBody[] }).products).toHaveLength(3);

    const refused = await run(products.loader, request("/api/admin/products?stock=few", { cookie }));
    expect(refused.status).toBe(400);
    const message = 'The stock filter must be "low" or left out. / فلتر المخزون يجب أن يكون "low" أو أن يُترك.';
    expect(await refused.json()).toEqual({ message, fieldErrors: { stock: [message] } });

    const anonymous = await run(products.loader, request("/api/admin/products?stock=low"));
    expect(anonymous.status).toBe(401);
  });
});
