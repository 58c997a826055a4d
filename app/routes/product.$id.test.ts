import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createAdmin } from "../../tests/factories/admin";
import { createOrder } from "../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../tests/factories/product";
import { setReviewsStatus, writeReview } from "~/models/reviews/index.server";
import { readCartLines } from "~/cookies/cart.server";
import { loader } from "./product.$id";
import { action as cartAction } from "./cart";

const context = { cspNonce: "test-nonce" };
const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const small = { en: "S", ar: "صغير" };
const large = { en: "L", ar: "كبير" };

type PageData = {
  product: {
    priceFils: number;
    inStock: boolean;
    variantId: string | null;
    options: { name: string; swatch: boolean; values: { label: string }[] }[];
    choices: { variantId: string | null; soldOut: boolean; selected: boolean }[][];
  };
  images: string[];
};

async function page(url: string, lang = "en"): Promise<PageData> {
  const id = new URL(url).pathname.split("/").pop()!;
  const result = (await loader({ request: new Request(url, { headers: { Cookie: `lang=${lang}` } }), params: { id }, context })) as unknown as { data: PageData };
  return result.data;
}

async function clip() {
  return createProductWithOptions(
    prisma,
    [
      { nameEn: "Colour", nameAr: "اللون", values: [red, blue] },
      { nameEn: "Size", nameAr: "المقاس", values: [small, large] },
    ],
    [
      { optionValues: [red, small], priceFils: 1250, stockQuantity: 2 },
      { optionValues: [red, large], priceFils: 1500, stockQuantity: 0 },
      { optionValues: [blue, small], priceFils: 1750, stockQuantity: 4 },
    ],
  );
}

describe("the product page of a product with options", () => {
  it("shows the variant ?variant= names, its price and stock, with links to the others and sold-out ones marked", async () => {
    const { product, variants } = await clip();
    await prisma.productVariant.update({ where: { id: variants[2].id }, data: { imageUrl: "/uploads/products/blue.webp" } });
    const first = await page(`http://shop.test/product/${product.id}`);
    expect([first.product.variantId, first.product.priceFils, first.product.inStock]).toEqual([variants[0].id, 1250, true]);
    expect(first.product.options.map((option) => [option.name, option.swatch, option.values.map((value) => value.label)])).toEqual([
      ["Colour", true, ["Red", "Blue"]],
      ["Size", false, ["S", "L"]],
    ]);
    // From Red/S: Blue leads to Blue/S; L leads to Red/L, which is sold out.
    expect(first.product.choices).toEqual([
      [
        { variantId: variants[0].id, soldOut: false, selected: true },
        { variantId: variants[2].id, soldOut: false, selected: false },
      ],
      [
        { variantId: variants[0].id, soldOut: false, selected: true },
        { variantId: variants[1].id, soldOut: true, selected: false },
      ],
    ]);
    const soldOut = await page(`http://shop.test/product/${product.id}?variant=${variants[1].id}`, "ar");
    expect([soldOut.product.priceFils, soldOut.product.inStock, soldOut.product.options[0].values[0].label]).toEqual([1500, false, "أحمر"]);
    const blueSmall = await page(`http://shop.test/product/${product.id}?variant=${variants[2].id}`);
    expect([blueSmall.product.priceFils, blueSmall.images[0]]).toEqual([1750, "/uploads/products/blue.webp"]);
  });

  it("adds the chosen variant without JavaScript and comes back to its address; the card's add goes to the page", async () => {
    const { product, variants } = await clip();
    const post = (fields: Record<string, string>) => new Request("http://shop.test/cart", { method: "POST", body: new URLSearchParams(fields) });
    const back = `/product/${product.id}?variant=${variants[2].id}`;
    const added = (await cartAction({ request: post({ intent: "add", productId: product.id, variantId: variants[2].id, redirectTo: back }), params: {}, context })) as Response;
    expect([added.status, added.headers.get("Location")]).toEqual([303, back]);
    const cookie = added.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    expect(await readCartLines(new Request("http://shop.test/", { headers: { Cookie: cookie } }))).toEqual([{ productId: product.id, variantId: variants[2].id, quantity: 1, customTags: [] }]);
    const fromCard = (await cartAction({ request: post({ intent: "add", productId: product.id, source: "card", redirectTo: "/" }), params: {}, context })) as Response;
    expect(fromCard.headers.get("Location")).toBe(`/product/${product.id}`);
  });

  it("leaves a product without options as it was", async () => {
    const product = await createProduct(prisma, { priceFils: 900 });
    const shown = await page(`http://shop.test/product/${product.id}`);
    expect([shown.product.priceFils, shown.product.variantId, shown.product.options]).toEqual([900, null, []]);
  });
});

describe("what search engines and shared links read on a product page", () => {
  type Meta = { property?: string; name?: string; content?: string; tagName?: string; rel?: string; hrefLang?: string; href?: string };
  type Seo = {
    structuredData: { brand: { name: string }; offers: { sku: string; price: string; priceCurrency: string; availability: string; url: string; name?: string }[] };
    share: { whatsApp: string; meta: Meta[] };
    meta: { description: string };
    language: string;
  };

  async function seo(url: string, cookie: string): Promise<Seo> {
    const id = new URL(url).pathname.split("/").pop()!;
    const result = (await loader({ request: new Request(url, { headers: { Cookie: cookie } }), params: { id }, context })) as unknown as { data: Seo };
    return result.data;
  }

  it("gives one offer per variant with its price in KWD, its stock, its SKU and its address, and the shop as the brand", async () => {
    const { product, variants } = await clip();
    const [redSmall, redLarge, blueSmall] = variants;
    const { structuredData } = await seo(`http://shop.test/product/${product.id}`, "lang=en");
    expect(structuredData.brand.name).toBeTruthy();
    expect(structuredData.offers).toEqual([
      expect.objectContaining({ name: expect.stringContaining("(Red / S)"), price: "1.250", priceCurrency: "KWD", availability: "https://schema.org/InStock", url: expect.stringContaining(`?variant=${redSmall.id}`) }),
      expect.objectContaining({ price: "1.500", availability: "https://schema.org/OutOfStock", url: expect.stringContaining(`?variant=${redLarge.id}`) }),
      expect.objectContaining({ price: "1.750", availability: "https://schema.org/InStock", url: expect.stringContaining(`?variant=${blueSmall.id}`) }),
    ]);
    expect(new Set(structuredData.offers.map((offer) => offer.sku)).size).toBe(3);
  });

  it("gives search engines the stars only once a buyer's review is published, and takes them back when it is hidden", async () => {
    const product = await createProduct(prisma, { priceFils: 2500, stockQuantity: 5 });
    const order = await createOrder(prisma, { status: "delivered", fullName: "Noor Al-Sabah", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 1, productId: product.id }] });
    const url = `http://shop.test/product/${product.id}`;
    const review = await writeReview({ orderNumber: order.orderNumber, customerId: null, phone: order.phone, address: "10.61.0.1", productId: product.id, rating: 4, title: "Pretty", body: "Lovely bow, my daughter wears it every day.", language: "en" });

    type Rated = { aggregateRating?: { ratingValue: number; reviewCount: number; bestRating: number }; review?: { reviewRating: { ratingValue: number }; author: { name: string }; reviewBody: string }[] };
    const waiting = (await seo(url, "lang=en")).structuredData as Rated;
    expect(waiting.aggregateRating).toBeUndefined();
    expect(waiting.review).toBeUndefined();

    const owner = await createAdmin(prisma);
    await setReviewsStatus([review.id], "published", { id: owner.id, email: owner.email, role: "owner" });
    const published = (await seo(url, "lang=en")).structuredData as Rated;
    expect(published.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1, bestRating: 5 });
    expect(published.review).toEqual([expect.objectContaining({ reviewRating: expect.objectContaining({ ratingValue: 4 }), author: expect.objectContaining({ name: "Noor S." }), reviewBody: "Lovely bow, my daughter wears it every day." })]);

    await setReviewsStatus([review.id], "hidden", { id: owner.id, email: owner.email, role: "owner" });
    expect(((await seo(url, "lang=en")).structuredData as Rated).aggregateRating).toBeUndefined();
  });

  it("shares well: Open Graph and a large Twitter card with an absolute share picture, and a WhatsApp link with the name and address", async () => {
    const product = await createProduct(prisma, { priceFils: 900 });
    const { share } = await seo(`http://shop.test/product/${product.id}`, "lang=en");
    const content = (key: string) => share.meta.find((meta) => meta.property === key || meta.name === key)?.content;
    expect(content("og:type")).toBe("product");
    expect(content("og:image")).toMatch(/^https?:\/\/[^/]+\//);
    expect(content("twitter:card")).toBe("summary_large_image");
    expect(content("twitter:image")).toBe(content("og:image"));
    expect(content("og:url")).toMatch(new RegExp(`/product/${product.id}$`));
    const whatsApp = new URL(share.whatsApp);
    expect(whatsApp.origin).toBe("https://wa.me");
    expect(whatsApp.searchParams.get("text")).toContain(`/product/${product.id}`);
    expect(whatsApp.searchParams.get("text")).toContain(product.nameEn);
  });

  it("gives a description typed on several lines to previews and search results as one line (probe 10)", async () => {
    const product = await prisma.product.update({ where: { id: (await createProduct(prisma)).id }, data: { descriptionEn: "Line one.\n\nLine  two." } });
    const { meta, share } = await seo(`http://shop.test/product/${product.id}`, "lang=en");
    expect(meta.description).toBe("Line one. Line two.");
    expect(share.meta.find((tag) => tag.name === "twitter:description")?.content).toBe("Line one. Line two.");
  });

  it("answers each language at its own address: ?lang= wins over the cookie, and is the page's canonical", async () => {
    const product = await createProduct(prisma, { priceFils: 900 });
    const english = await seo(`http://shop.test/product/${product.id}?lang=en`, "lang=ar");
    expect(english.language).toBe("en");
    const link = (rel: string, hrefLang?: string) => english.share.meta.find((meta) => meta.rel === rel && meta.hrefLang === hrefLang)?.href;
    expect(link("canonical")).toMatch(new RegExp(`/product/${product.id}\\?lang=en$`));
    expect(link("alternate", "ar")).toMatch(new RegExp(`/product/${product.id}\\?lang=ar$`));
    expect(link("alternate", "x-default")).toMatch(new RegExp(`/product/${product.id}$`));
    const plain = await seo(`http://shop.test/product/${product.id}`, "lang=ar");
    expect(plain.language).toBe("ar");
    expect(plain.share.meta.find((meta) => meta.rel === "canonical")?.href).toMatch(new RegExp(`/product/${product.id}$`));
  });
});
