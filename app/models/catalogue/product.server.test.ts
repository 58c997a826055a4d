import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../../tests/factories/category";
import { createOrder } from "../../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";
import { getStorefrontProducts, getVisibleProducts, productImages, STOREFRONT_PAGE_SIZE } from "./product.server";
import { searchVisibleProducts } from "./product-search.server";

describe("the home grid's products", () => {
  it("filters by category and colour, sorts by price, and leaves hidden ones out", async () => {
    const category = await createCategory(prisma);
    const cheap = await createProduct(prisma, { categoryId: category.id, priceFils: 500, filterColor: "white" });
    const dear = await createProduct(prisma, { categoryId: category.id, priceFils: 9000, filterColor: "white" });
    const pink = await createProduct(prisma, { categoryId: category.id, priceFils: 2000, filterColor: "primaryPink" });
    await createProduct(prisma, { categoryId: category.id, isVisible: false, filterColor: "white" });
    const base = { categorySlug: category.slug, color: null, page: 1 } as const;
    const ascending = await getStorefrontProducts({ ...base, sort: "price-asc" });
    expect(ascending.products.map((product) => product.id)).toEqual([cheap.id, pink.id, dear.id]);
    const descending = await getStorefrontProducts({ ...base, sort: "price-desc" });
    expect(descending.products.map((product) => product.id)).toEqual([dear.id, pink.id, cheap.id]);
    const white = await getStorefrontProducts({ ...base, color: "white", sort: "default" });
    expect(white.products.map((product) => product.id).sort()).toEqual([cheap.id, dear.id].sort());
    expect(white.total).toBe(2);
    const none = await getStorefrontProducts({ ...base, color: "secondaryNavyBlue", sort: "default" });
    expect(none.products).toEqual([]);
  });

  it("finds a product by its variants' colour as well as its own, on the home grid and in search", async () => {
    const category = await createCategory(prisma);
    const word = `Ribbon${Date.now()}`;
    const colours = [
      { en: "Navy", ar: "كحلي" },
      { en: "Pink", ar: "وردي" },
    ];
    const { product: withPink } = await createProductWithOptions(prisma, [{ nameEn: "Colour", nameAr: "اللون", values: colours }], [{ optionValues: [colours[0]] }, { optionValues: [colours[1]] }], {
      categoryId: category.id,
      nameEn: `${word} bow`,
      filterColor: "white",
    });
    const { product: hiddenPink } = await createProductWithOptions(prisma, [{ nameEn: "Colour", values: [colours[1]] }], [{ optionValues: [colours[1]] }], { categoryId: category.id, filterColor: null });
    await prisma.productVariant.updateMany({ where: { productId: hiddenPink.id }, data: { isHidden: true } });
    const ownPink = await createProduct(prisma, { categoryId: category.id, nameEn: `${word} clip`, filterColor: "primaryPink" });
    await createProduct(prisma, { categoryId: category.id, nameEn: `${word} band`, filterColor: null });
    const base = { categorySlug: category.slug, page: 1, sort: "default" } as const;
    const pink = await getStorefrontProducts({ ...base, color: "primaryPink" });
    expect(pink.products.map((product) => product.id).sort()).toEqual([withPink.id, ownPink.id].sort());
    expect(pink.total).toBe(2);
    const navy = await getStorefrontProducts({ ...base, color: "secondaryNavyBlue" });
    expect(navy.products.map((product) => product.id)).toEqual([withPink.id]);
    expect((await getStorefrontProducts({ ...base, color: "kindergartenBlue" })).products).toEqual([]);
    const found = await searchVisibleProducts({ text: word, color: "primaryPink", sort: "default", categoryId: category.id });
    expect(found.map((product) => product.id).sort()).toEqual([withPink.id, ownPink.id].sort());
  });

  it("sorts best sellers first by units of paid orders in the 90 days before today, the rest newest first", async () => {
    const category = await createCategory(prisma);
    // The ranking is a daily one (decision 0059): sales count from the day after they were made.
    const yesterday = new Date(kuwaitDayStart(todayInKuwait()).getTime() - 60 * 60 * 1000);
    const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));
    const word = `ranked${category.id.slice(-6)}`;
    const make = (minute: number) => createProduct(prisma, { categoryId: category.id, createdAt: at(minute), nameEn: `${word} bow ${minute}` });
    const [oldest, older, newer, newest] = [await make(1), await make(2), await make(3), await make(4)];
    const line = (product: { id: string; nameEn: string; nameAr: string }, quantity: number) => ({ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 1000, quantity });
    await createOrder(prisma, { createdAt: yesterday, items: [line(oldest, 3), line(older, 1)] });
    await createOrder(prisma, { createdAt: yesterday, items: [line(older, 1)] });
    // not counted: unpaid, sold today, or sold before the 90 days
    await createOrder(prisma, { createdAt: yesterday, paymentStatus: "unpaid", items: [line(newest, 50)] });
    await createOrder(prisma, { items: [line(newest, 50)] });
    await createOrder(prisma, { createdAt: new Date(Date.now() - 120 * 24 * 60 * 60 * 1000), items: [line(newer, 50)] });

    const expected = [oldest.id, older.id, newest.id, newer.id];
    const grid = await getStorefrontProducts({ categorySlug: category.slug, color: null, sort: "best-sellers", page: 1 });
    expect(grid.products.map((product) => product.id)).toEqual(expected);
    expect(grid.total).toBe(4);
    expect((await getVisibleProducts(category.slug, "best-sellers")).map((product) => product.id)).toEqual(expected);
    expect((await getVisibleProducts(category.slug)).map((product) => product.id)).toEqual([newest.id, newer.id, older.id, oldest.id]);
    const found = await searchVisibleProducts({ text: word, color: null, sort: "best-sellers", categoryId: category.id });
    expect(found.map((product) => product.id).slice(0, 2)).toEqual([oldest.id, older.id]);

    // a sale of an earlier day written now (a late payment, a restore) shows on the next request
    await createOrder(prisma, { createdAt: yesterday, items: [line(newer, 9)] });
    const after = await getStorefrontProducts({ categorySlug: category.slug, color: null, sort: "best-sellers", page: 1 });
    expect(after.products[0].id).toBe(newer.id);
  });

  it("renders one page at a time, newest first", async () => {
    const category = await createCategory(prisma);
    const created = [];
    for (let index = 0; index < STOREFRONT_PAGE_SIZE + 2; index++) {
      created.push(await createProduct(prisma, { categoryId: category.id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)) }));
    }
    const first = await getStorefrontProducts({ categorySlug: category.slug, color: null, sort: "default", page: 1 });
    expect(first.products).toHaveLength(STOREFRONT_PAGE_SIZE);
    expect(first.products[0].id).toBe(created.at(-1)!.id);
    expect(first.pageCount).toBe(2);
    const second = await getStorefrontProducts({ categorySlug: category.slug, color: null, sort: "default", page: 2 });
    expect(second.products.map((product) => product.id)).toEqual([created[1].id, created[0].id]);
  });

  it("shows the products of a hidden category to nobody", async () => {
    const hidden = await createCategory(prisma, { isVisible: false });
    await createProduct(prisma, { categoryId: hidden.id });
    const listing = await getStorefrontProducts({ categorySlug: hidden.slug, color: null, sort: "default", page: 1 });
    expect(listing.total).toBe(0);
  });

  it("puts the main image first and the gallery after, without duplicates", () => {
    expect(productImages({ imageUrl: "/a.webp", gallery: [{ url: "/b.webp" }, { url: "/a.webp" }, { url: "/c.webp" }] })).toEqual([
      "/a.webp",
      "/b.webp",
      "/c.webp",
    ]);
  });
});
