/**
 * The product feeds (issue 46, CONTRACT.md "Product feeds"), read back as Google and Meta read them: one item per
 * variant of every visible product in a visible category, grouped by product, with availability, the price before a
 * discount and the sale price in KWD, absolute links and pictures, in the language asked; nothing hidden or deleted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { keptProductFeed, META_FEED_HEADER, writeProductFeed } from "~/api/answers/feeds.server";
import { deleteProduct } from "./admin-product.server";
import { createCategory } from "../../../tests/factories/category";
import { createProduct, createProductWithOptions, FIXTURE_IMAGE } from "../../../tests/factories/product";
import { readCsvObjects, readGoogleFeed } from "../../../tests/support/feed-readers";

// Before the first getEnv() of this file's module graph: links are absolute from APP_URL.
process.env.APP_URL = "https://timsar.example";

const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const small = { en: "S", ar: "صغير" };
const large = { en: "L", ar: "كبير" };

type Shop = Awaited<ReturnType<typeof createCatalogue>>;

/** A product with options (one variant sold out, one dearer with a discount of its own), a discounted product without options, and what must not be listed. */
async function createCatalogue() {
  const category = await createCategory(prisma);
  const bow = await createProductWithOptions(
    prisma,
    [
      { nameEn: "Colour", nameAr: "اللون", values: [red, blue] },
      { nameEn: "Size", nameAr: "المقاس", values: [small, large] },
    ],
    [
      { optionValues: [red, small], priceFils: 2500, stockQuantity: 3 },
      { optionValues: [red, large], priceFils: 3000, stockQuantity: 0 },
      { optionValues: [blue, small], priceFils: 2500, stockQuantity: 2 },
    ],
    { categoryId: category.id, nameEn: 'Velvet Bow, "Grande" & <Co>', nameAr: "فيونكة مخملية" },
  );
  const [, soldOut, blueSmall] = bow.variants;
  // The blue one's own discount and picture; a variant hidden because old orders name it is never listed.
  await prisma.productVariant.update({ where: { id: blueSmall.id }, data: { priceBeforeDiscountFils: 3200, imageUrl: "/uploads/catalogue/blue-bow.webp" } });
  await prisma.productVariant.create({ data: { productId: bow.product.id, position: 9, optionValues: [blue, large], priceFils: 2500, stockQuantity: 5, isHidden: true } });
  const clip = await createProduct(prisma, { categoryId: category.id, nameEn: "Pearl Clip", nameAr: "مشبك لؤلؤ", priceFils: 4250, priceBeforeDiscountFils: 5000 });
  const plain = await createProduct(prisma, { categoryId: category.id, nameEn: "Plain Clip", nameAr: "مشبك سادة", priceFils: 1500 });
  const hidden = await createProduct(prisma, { categoryId: category.id, isVisible: false });
  const deleted = await createProduct(prisma, { categoryId: category.id });
  await deleteProduct(deleted.id);
  const hiddenCategory = await createCategory(prisma, { isVisible: false });
  const inHiddenCategory = await createProduct(prisma, { categoryId: hiddenCategory.id });
  return { bow, soldOut, blueSmall, clip, plain, excluded: [hidden.id, deleted.id, inHiddenCategory.id] };
}

let shop: Shop;
beforeAll(async () => {
  shop = await createCatalogue();
});

const ours = (shopIds: string[]) => (item: Record<string, string>) => shopIds.includes(item.id) || shopIds.includes(item.item_group_id ?? "");

describe("Google's feed", () => {
  it("is RSS 2.0 with the g: namespace, one item per variant, grouped by product, and nothing hidden or deleted", async () => {
    const feed = readGoogleFeed((await writeProductFeed("google", "en")).body);
    expect(feed.namespace).toBe("http://base.google.com/ns/1.0");
    expect(feed.channel.link).toBe("https://timsar.example/");
    const items = feed.items.filter(ours([shop.bow.product.id, shop.clip.id, shop.plain.id, ...shop.excluded]));
    const [redSmall, redLarge, blueSmall] = shop.bow.variants;
    expect(items.map((item) => [item.id, item.item_group_id])).toEqual(
      expect.arrayContaining([
        [redSmall.id, shop.bow.product.id],
        [redLarge.id, shop.bow.product.id],
        [blueSmall.id, shop.bow.product.id],
        // A product without options is one item with its own id and no group.
        [shop.clip.id, undefined],
        [shop.plain.id, undefined],
      ]),
    );
    expect(items).toHaveLength(5);
    for (const id of shop.excluded) expect(feed.items.some((item) => item.id === id)).toBe(false);
  });

  it("gives each variant its title, availability, prices, absolute link and picture, condition and brand", async () => {
    const feed = readGoogleFeed((await writeProductFeed("google", "en")).body);
    const byId = new Map(feed.items.map((item) => [item.id, item]));
    const [redSmall] = shop.bow.variants;
    expect(byId.get(redSmall.id)).toEqual({
      id: redSmall.id,
      item_group_id: shop.bow.product.id,
      // The name's comma, quotes, & and < are the text itself once read back.
      title: 'Velvet Bow, "Grande" & <Co> (Red / S)',
      description: "English description",
      link: `https://timsar.example/product/${shop.bow.product.id}?variant=${redSmall.id}`,
      image_link: `https://timsar.example${FIXTURE_IMAGE}`,
      availability: "in_stock",
      price: "2.500 KWD",
      // Variants of one group differ by Google's variant attributes, read from the options' names (answer/6324507).
      color: "Red",
      size: "S",
      condition: "new",
      brand: feed.channel.title,
      // The shop's own goods have no GTIN or MPN (answer/6324478).
      identifier_exists: "no",
    });
    expect(byId.get(shop.soldOut.id)).toMatchObject({ availability: "out_of_stock", price: "3.000 KWD", title: 'Velvet Bow, "Grande" & <Co> (Red / L)' });
    expect(byId.get(shop.soldOut.id)).not.toHaveProperty("sale_price");
    // A discount: the price before it, and the price paid as the sale price.
    expect(byId.get(shop.blueSmall.id)).toMatchObject({ price: "3.200 KWD", sale_price: "2.500 KWD", image_link: "https://timsar.example/uploads/catalogue/blue-bow.webp" });
    expect(byId.get(shop.clip.id)).toMatchObject({ price: "5.000 KWD", sale_price: "4.250 KWD", link: `https://timsar.example/product/${shop.clip.id}?variant=${shop.clip.id}` });
    expect(byId.get(shop.plain.id)).toMatchObject({ price: "1.500 KWD", availability: "in_stock", color: "Pink" });
    expect(byId.get(shop.plain.id)).not.toHaveProperty("size");
    expect(byId.get(shop.plain.id)).not.toHaveProperty("sale_price");
  });

  it("speaks Arabic by default: titles, option values and descriptions", async () => {
    const feed = readGoogleFeed((await writeProductFeed("google", "ar")).body);
    const byId = new Map(feed.items.map((item) => [item.id, item]));
    expect(byId.get(shop.soldOut.id)).toMatchObject({ title: "فيونكة مخملية (أحمر / كبير)", description: "وصف عربي", color: "أحمر", size: "كبير" });
    expect(byId.get(shop.clip.id)).toMatchObject({ title: "مشبك لؤلؤ", price: "5.000 KWD" });
  });
});

describe("Meta's feed", () => {
  it("has CONTRACT's header and the same items, with Meta's availability words", async () => {
    const body = (await writeProductFeed("meta", "en")).body;
    const { header, rows } = readCsvObjects(body);
    expect(header).toEqual([...META_FEED_HEADER]);
    expect(body.startsWith("id,item_group_id,title,description,availability,condition,price,sale_price,link,image_link,brand\r\n")).toBe(true);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(shop.soldOut.id)).toMatchObject({
      item_group_id: shop.bow.product.id,
      title: 'Velvet Bow, "Grande" & <Co> (Red / L)',
      availability: "out of stock",
      condition: "new",
      price: "3.000 KWD",
      sale_price: "",
      link: `https://timsar.example/product/${shop.bow.product.id}?variant=${shop.soldOut.id}`,
    });
    expect(byId.get(shop.blueSmall.id)).toMatchObject({ availability: "in stock", price: "3.200 KWD", sale_price: "2.500 KWD" });
    expect(byId.get(shop.clip.id)).toMatchObject({ item_group_id: "", price: "5.000 KWD", sale_price: "4.250 KWD" });
    for (const id of shop.excluded) expect(byId.has(id)).toBe(false);
    const arabic = new Map(readCsvObjects((await writeProductFeed("meta", "ar")).body).rows.map((row) => [row.id, row]));
    expect(arabic.get(shop.blueSmall.id)?.title).toBe("فيونكة مخملية (أزرق / صغير)");
  });

  it("gives a description that starts like a list or a formula as it is: Meta shows it to shoppers, no spreadsheet runs it", async () => {
    await prisma.product.update({ where: { id: shop.plain.id }, data: { descriptionEn: "- 100% cotton\n- hand made", nameEn: "+ Plain Clip" } });
    const rows = new Map(readCsvObjects((await writeProductFeed("meta", "en")).body).rows.map((row) => [row.id, row]));
    expect(rows.get(shop.plain.id)).toMatchObject({ title: "+ Plain Clip", description: "- 100% cotton\n- hand made" });
  });
});

describe("the kept feed", () => {
  it("is kept while the catalogue stands, and written again when a price, a stock or a picture changes", async () => {
    const first = await keptProductFeed("google", "en");
    expect(await keptProductFeed("google", "en")).toBe(first);

    await prisma.productVariant.update({ where: { id: shop.bow.variants[0].id }, data: { priceFils: 2750 } });
    const repriced = await keptProductFeed("google", "en");
    expect(repriced.etag).not.toBe(first.etag);
    expect(readGoogleFeed(repriced.body).items.find((item) => item.id === shop.bow.variants[0].id)?.price).toBe("2.750 KWD");

    // The last blue one sells out: the listing's version moves, so does the feed.
    await prisma.productVariant.update({ where: { id: shop.blueSmall.id }, data: { stockQuantity: 0 } });
    const soldOut = await keptProductFeed("google", "en");
    expect(readGoogleFeed(soldOut.body).items.find((item) => item.id === shop.blueSmall.id)?.availability).toBe("out_of_stock");

    await prisma.product.update({ where: { id: shop.plain.id }, data: { imageUrl: "/uploads/catalogue/new-plain.webp" } });
    const pictured = await keptProductFeed("google", "en");
    expect(readGoogleFeed(pictured.body).items.find((item) => item.id === shop.plain.id)?.image_link).toBe("https://timsar.example/uploads/catalogue/new-plain.webp");
  });
});
