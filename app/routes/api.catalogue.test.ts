import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../tests/factories/category";
import { createProduct, FIXTURE_GALLERY_IMAGE } from "../../tests/factories/product";
import { loader as categoriesLoaderRoute } from "./api.categories";
import { loader as categoryLoaderRoute } from "./api.categories.$slug";
import { loader as productsLoaderRoute } from "./api.products";
import { loader as productLoaderRoute } from "./api.products.$id";
import { checkedRoute } from "../../tests/support/openapi-conformance";

/** Every answer is checked against the OpenAPI document on its way out. */
const categoriesLoader = checkedRoute(categoriesLoaderRoute);
const categoryLoader = checkedRoute(categoryLoaderRoute);
const productsLoader = checkedRoute(productsLoaderRoute);
const productLoader = checkedRoute(productLoaderRoute);

const context = { cspNonce: "test-nonce" };

async function getJson(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function callCategories() {
  return categoriesLoader({ request: new Request("http://shop.test/api/categories"), params: {}, context });
}
function callCategory(slug: string) {
  return categoryLoader({ request: new Request(`http://shop.test/api/categories/${slug}`), params: { slug }, context });
}
function callProducts(query = "") {
  return productsLoader({ request: new Request(`http://shop.test/api/products${query}`), params: {}, context });
}
function callProduct(id: string) {
  return productLoader({ request: new Request(`http://shop.test/api/products/${id}`), params: { id }, context });
}

describe("GET /api/categories", () => {
  it("answers { categories } with SPEC's fields, visible ones only", async () => {
    const visible = await createCategory(prisma);
    const hidden = await createCategory(prisma, { isVisible: false });
    const { status, body } = await getJson(await callCategories());
    expect(status).toBe(200);
    const categories = body.categories as { _id: string; slug: string }[];
    expect(categories).toContainEqual({
      _id: visible.id,
      name: { en: visible.nameEn, ar: visible.nameAr },
      slug: visible.slug,
      iconImage: visible.iconImage,
      isVisible: true,
    });
    expect(categories.map((category) => category.slug)).not.toContain(hidden.slug);
  });

  it("answers one category by slug, and 404 with a bilingual message for hidden or missing", async () => {
    const visible = await createCategory(prisma);
    const hidden = await createCategory(prisma, { isVisible: false });
    const found = await getJson(await callCategory(visible.slug));
    expect(found.status).toBe(200);
    expect(found.body.category).toMatchObject({ _id: visible.id, slug: visible.slug, name: { en: visible.nameEn, ar: visible.nameAr } });
    for (const slug of [hidden.slug, "no-such-category", "BAD SLUG"]) {
      const missing = await getJson(await callCategory(slug));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Category not found / التصنيف غير موجود" });
    }
  });
});

describe("GET /api/products", () => {
  it("answers { products } in SPEC section 3's shape, prices in KD", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, {
      categoryId: category.id,
      priceFils: 2250,
      priceBeforeDiscountFils: 3000,
      gallery: [FIXTURE_GALLERY_IMAGE],
      tags: [{ titleEn: "Name", titleAr: "الاسم", required: true }],
    });
    const { status, body } = await getJson(await callProducts(`?category=${category.slug}`));
    expect(status).toBe(200);
    expect(body.products).toEqual([
      {
        _id: product.id,
        name: { en: product.nameEn, ar: product.nameAr },
        description: { en: "English description", ar: "وصف عربي" },
        price: 2.25,
        priceBeforeDiscount: 3,
        hasDiscount: true,
        stockQuantity: 10,
        isAvailable: true,
        isNewArrivals: false,
        imageUrl: product.imageUrl,
        gallery: [FIXTURE_GALLERY_IMAGE],
        color: { name: { en: "Pink", ar: "وردي" }, level: { en: "Primary", ar: "الابتدائي" } },
        filterColor: "primaryPink",
        categoryId: category.id,
        customTags: [{ title: { en: "Name", ar: "الاسم" }, required: true }],
        isVisible: true,
        // CONTRACT.md "Product options (variants)": none, and its one variant with the product's price and stock
        options: [],
        variants: [{ _id: product.id, sku: "", optionValues: [], price: 2.25, priceBeforeDiscount: 3, stockQuantity: 10, isAvailable: true, imageUrl: null }],
        // CONTRACT.md "Reviews": no published review yet
        rating: { average: 0, count: 0 },
      },
    ]);
  });

  it("never lists hidden products or products of hidden categories", async () => {
    const category = await createCategory(prisma);
    const hiddenCategory = await createCategory(prisma, { isVisible: false });
    const shown = await createProduct(prisma, { categoryId: category.id });
    const hiddenProduct = await createProduct(prisma, { categoryId: category.id, isVisible: false });
    const inHiddenCategory = await createProduct(prisma, { categoryId: hiddenCategory.id });
    const { body } = await getJson(await callProducts());
    const ids = (body.products as { _id: string }[]).map((product) => product._id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hiddenProduct.id);
    expect(ids).not.toContain(inHiddenCategory.id);
    expect((await callProducts(`?category=${hiddenCategory.slug}`)).status).toBe(404);
  });

  it("treats the synthetic 'all' category as no filter and refuses a malformed slug with 400", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const all = await getJson(await callProducts("?category=all"));
    expect((all.body.products as { _id: string }[]).map((item) => item._id)).toContain(product.id);
    const bad = await getJson(await callProducts("?category=%3Cscript%3E"));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: expect.stringContaining("/"), fieldErrors: { category: expect.any(Array) } });
  });
});

describe("GET /api/products/{id}", () => {
  it("answers { product } for a visible product and 404 for hidden or missing", async () => {
    const category = await createCategory(prisma);
    const hiddenCategory = await createCategory(prisma, { isVisible: false });
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 0, isAvailable: false });
    const found = await getJson(await callProduct(product.id));
    expect(found.status).toBe(200);
    expect(found.body.product).toMatchObject({ _id: product.id, stockQuantity: 0, isAvailable: false, priceBeforeDiscount: null, hasDiscount: false });
    const hidden = await createProduct(prisma, { categoryId: category.id, isVisible: false });
    const orphan = await createProduct(prisma, { categoryId: hiddenCategory.id });
    for (const id of [hidden.id, orphan.id, "does-not-exist"]) {
      const missing = await getJson(await callProduct(id));
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: "Product not found / المنتج غير موجود" });
    }
  });
});

describe("ETag and 304 on the catalogue calls", () => {
  function withTag(url: string, params: Record<string, string>, etag: string) {
    return { request: new Request(url, { headers: { "If-None-Match": etag } }), params, context };
  }

  it("answers a strong ETag, then 304 with no body while nothing changed, and a new tag once something did", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const calls = [
      { first: () => callCategories(), again: (etag: string) => categoriesLoader(withTag("http://shop.test/api/categories", {}, etag)) },
      { first: () => callCategory(category.slug), again: (etag: string) => categoryLoader(withTag(`http://shop.test/api/categories/${category.slug}`, { slug: category.slug }, etag)) },
      { first: () => callProducts(`?category=${category.slug}`), again: (etag: string) => productsLoader(withTag(`http://shop.test/api/products?category=${category.slug}`, {}, etag)) },
      { first: () => callProducts("?q=zzzz-nothing"), again: (etag: string) => productsLoader(withTag("http://shop.test/api/products?q=zzzz-nothing", {}, etag)) },
      { first: () => callProduct(product.id), again: (etag: string) => productLoader(withTag(`http://shop.test/api/products/${product.id}`, { id: product.id }, etag)) },
    ];
    const tags: string[] = [];
    for (const call of calls) {
      const fresh = await call.first();
      const etag = fresh.headers.get("ETag") ?? "";
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
      expect(fresh.headers.get("Cache-Control")).toBe("no-cache");
      const unchanged = await call.again(etag);
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe("");
      expect(unchanged.headers.get("ETag")).toBe(etag);
      expect((await call.again(`"other", W/${etag}`)).status).toBe(304);
      expect((await call.again('"other"')).status).toBe(200);
      tags.push(etag);
    }
    await prisma.product.update({ where: { id: product.id }, data: { priceFils: product.priceFils + 1000 } });
    const changed = await callProduct(product.id);
    expect(changed.headers.get("ETag")).not.toBe(tags[4]);
    expect((await productLoader(withTag(`http://shop.test/api/products/${product.id}`, { id: product.id }, tags[4]))).status).toBe(200);
  });
});
