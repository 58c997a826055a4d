import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../../tests/factories/category";
import { createProduct } from "../../../tests/factories/product";
import { createAdmin } from "../../../tests/factories/admin";
import { createOrder } from "../../../tests/factories/order";
import { setReviewsStatus, writeReview } from "~/models/reviews/index.server";
import { searchStorefrontProducts, searchVisibleProducts } from "./product-search.server";

/** A word no other test's product carries, so each search here sees only its own products in the shared database. */
function marker() {
  return `zq${crypto.randomBytes(4).toString("hex")}`;
}

async function product(mark: string, fields: { nameEn?: string; nameAr?: string; descriptionEn?: string; descriptionAr?: string; priceFils?: number; filterColor?: string; isVisible?: boolean; categoryId?: string }) {
  const { descriptionEn, descriptionAr, ...rest } = fields;
  const created = await createProduct(prisma, { ...rest, nameEn: `${rest.nameEn ?? "Thing"} ${mark}` });
  return prisma.product.update({
    where: { id: created.id },
    data: { descriptionEn: descriptionEn ?? "Plain description.", descriptionAr: descriptionAr ?? "وصف عادي." },
  });
}

const search = (text: string, more: Partial<Parameters<typeof searchVisibleProducts>[0]> = {}) =>
  searchVisibleProducts({ text, color: null, sort: "default", ...more }).then((found) => found.map((item) => item.id));

describe("searching the catalogue", () => {
  it("finds Arabic names however the shopper spells alef, yeh, teh marbuta, vowels, tatweel and digits", async () => {
    const mark = marker();
    const bow = await product(mark, { nameAr: "ربطة شَعر أنيقة مقاس ٣" });
    for (const spelling of ["ربطه", "ربطة", "رَبْطَة", "ربـــطة", "انيقه", "أنيقة", "إنيقة", "مقاس 3", "شعر"]) {
      expect(await search(`${mark} ${spelling}`), spelling).toEqual([bow.id]);
    }
    const huda = await product(mark, { nameAr: "مشبك هدى" });
    expect(await search(`${mark} هدي`)).toEqual([huda.id]);
  });

  it("matches English regardless of case and accents, in names and descriptions, every word required", async () => {
    const mark = marker();
    const navy = await product(mark, { nameEn: "Navy Velvet Bow" });
    const clip = await product(mark, { nameEn: "Clip", descriptionEn: "Goes with the navy uniform." });
    expect(await search(`${mark} NAVY`)).toEqual([navy.id, clip.id]);
    expect(await search(`${mark} velvét`)).toEqual([navy.id]);
    expect(await search(`${mark} uniform`)).toEqual([clip.id]);
    expect(await search(`${mark} navy headband`)).toEqual([]);
  });

  it("ranks a whole word of the name above part of a word, and both above the description", async () => {
    const mark = marker();
    const inDescription = await product(mark, { nameEn: "Hair tie", descriptionEn: "A bow for every day." });
    const partOfWord = await product(mark, { nameEn: "Bowtie set" });
    const wholeWord = await product(mark, { nameEn: "Satin bow" });
    expect(await search(`${mark} bow`)).toEqual([wholeWord.id, partOfWord.id, inDescription.id]);
  });

  it("leaves out hidden products and products of hidden categories", async () => {
    const mark = marker();
    const shown = await product(mark, {});
    await product(mark, { isVisible: false });
    const hiddenCategory = await createCategory(prisma, { isVisible: false });
    await product(mark, { categoryId: hiddenCategory.id });
    expect(await search(mark)).toEqual([shown.id]);
  });

  it("filters by colour, sorts by price and pages twelve at a time", async () => {
    const mark = marker();
    const made = [];
    for (let index = 0; index < 14; index++) made.push(await product(mark, { priceFils: 1000 + index * 10, filterColor: index % 2 ? "white" : "primaryPink" }));
    const white = await search(mark, { color: "white" });
    expect(white).toHaveLength(7);
    const cheapest = await search(mark, { sort: "price-asc" });
    expect(cheapest[0]).toBe(made[0].id);
    expect((await search(mark, { sort: "price-desc" }))[0]).toBe(made[13].id);
    const second = await searchStorefrontProducts({ text: mark, color: null, sort: "price-asc", page: 2 });
    expect(second).toMatchObject({ total: 14, pageCount: 2 });
    expect(second.products.map((item) => item.id)).toEqual([made[12].id, made[13].id]);
  });

  it("puts the better match first among products of the same price, in either price order", async () => {
    const mark = marker();
    const inDescription = await product(mark, { nameEn: "Hair tie", descriptionEn: "A bow for every day.", priceFils: 2000 });
    const partOfWord = await product(mark, { nameEn: "Bowtie set", priceFils: 2000 });
    const wholeWord = await product(mark, { nameEn: "Satin bow", priceFils: 2000 });
    const cheaper = await product(mark, { nameEn: "Clip", descriptionEn: "Bow shaped.", priceFils: 1000 });
    const dearer = await product(mark, { nameEn: "Tiara", descriptionEn: "With a bow.", priceFils: 3000 });
    const samePrice = [wholeWord.id, partOfWord.id, inDescription.id];
    expect(await search(`${mark} bow`, { sort: "price-asc" })).toEqual([cheaper.id, ...samePrice, dearer.id]);
    expect(await search(`${mark} bow`, { sort: "price-desc" })).toEqual([dearer.id, ...samePrice, cheaper.id]);
  });

  it("shows a new name on the very next search", async () => {
    const mark = marker();
    const renamed = await product(mark, { nameEn: "Old name" });
    expect(await search(`${mark} sparkle`)).toEqual([]);
    await prisma.product.update({ where: { id: renamed.id }, data: { nameEn: `Sparkle clip ${mark}` } });
    expect(await search(`${mark} sparkle`)).toEqual([renamed.id]);
  });

  it("gives each card its product's published stars, as the home grid does (probe 10)", async () => {
    const mark = marker();
    const [rated, plain] = [await product(mark, { nameEn: "Rated bow" }), await product(mark, { nameEn: "Plain bow" })];
    const order = await createOrder(prisma, { status: "delivered", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 1500, quantity: 1, productId: rated.id }] });
    const review = await writeReview({ orderNumber: order.orderNumber, customerId: null, phone: order.phone, address: "10.62.0.1", productId: rated.id, rating: 4, title: "Pretty", body: "Lovely bow, my daughter wears it every day.", language: "en" });
    const owner = await createAdmin(prisma);
    await setReviewsStatus([review.id], "published", { id: owner.id, email: owner.email, role: "owner" });
    const { products } = await searchStorefrontProducts({ text: `${mark} bow`, color: null, sort: "default", page: 1 });
    expect(products.find((card) => card.id === rated.id)?.rating).toEqual({ average: 4, count: 1 });
    expect(products.find((card) => card.id === plain.id)?.rating).toBeUndefined();
  });
});
