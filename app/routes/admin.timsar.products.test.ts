import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { shell as arShell } from "~/i18n/locales/ar/admin/shell";
import { shell as enShell } from "~/i18n/locales/en/admin/shell";
import { placeOrder } from "~/models/orders/index.server";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { checkoutDetails } from "../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../tests/factories/product";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { loader as listLoader } from "./admin.timsar.products._index";
import { action as editAction, loader as editLoader } from "./admin.timsar.products.edit.$id";
import { action as newAction } from "./admin.timsar.products.new";
import { action as productApiAction, loader as productApiLoader } from "./api.admin.products.$id._index";

const context = { cspNonce: "" };

/** A product with 6 pieces on hand, 2 of them held by an unpaid order. */
async function productWithHold() {
  const city = await createDeliveryArea(prisma);
  const product = await createProduct(prisma, { stockQuantity: 6 });
  await placeOrder({ details: checkoutDetails(city), lines: [{ productId: product.id, quantity: 2, customTags: [] }], customerId: null, language: "en" });
  return product;
}

/**
 * The new-product form without JavaScript, saving a product of one option, Colour (Red and Blue), with the two
 * variants' own fields added to what is posted.
 */
async function twoColourForm(nameEn: string, language: string, images: string[], variants: [Record<string, string>, Record<string, string>]) {
  const { cookie } = await adminCookie();
  const category = await prisma.category.findFirstOrThrow();
  const form = new FormData();
  const values: Record<string, string> = {
    nameEn,
    nameAr: "مشبك بلونين",
    price: "1.500",
    stockQuantity: "0",
    lowStockThreshold: "3",
    categoryId: category.id,
    ...Object.fromEntries(images.map((url, index) => [`images[${index}]`, url])),
    "options[0].nameEn": "Colour",
    "options[0].nameAr": "اللون",
    "options[0].valuesEn": "Red\nBlue",
    "options[0].valuesAr": "أحمر\nأزرق",
    "variants[0].match": "Red",
    "variants[0].stockQuantity": "2",
    "variants[1].match": "Blue",
    "variants[1].stockQuantity": "1",
    ...Object.fromEntries(variants.flatMap((fields, index) => Object.entries(fields).map(([name, value]) => [`variants[${index}].${name}`, value]))),
    intent: "save",
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return request("/admin/timsar/products/new", { method: "POST", body: form, cookie: `${cookie}; lang=${language}` });
}

async function stockOf(productId: string) {
  return prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stockQuantity: true, heldQuantity: true } });
}

describe("the owner's view of stock", () => {
  it("shows on hand and held for unpaid orders apart, on the list and the edit page", async () => {
    const { cookie } = await adminCookie();
    const product = await productWithHold();
    const list = await listLoader({ request: request(`/admin/timsar/products?categoryId=${product.categoryId}`, { cookie }), params: {}, context });
    expect(list.products).toEqual([expect.objectContaining({ id: product.id, onHand: "٦", held: "٢" })]);
    const edit = await editLoader({ request: request(`/admin/timsar/products/edit/${product.id}`, { cookie }), params: { id: product.id }, context });
    expect(edit).toMatchObject({ heldQuantity: 2, defaults: { stockQuantity: "6" } });
  });

  it("takes on hand through the API, keeps it when left out, and refuses less than what is held", async () => {
    const { cookie } = await adminCookie();
    const product = await productWithHold();
    const api = (init: Parameters<typeof request>[1]) => productApiAction({ request: request(`/api/admin/products/${product.id}`, { cookie, ...init }), params: { id: product.id }, context });

    const read = await productApiLoader({ request: request(`/api/admin/products/${product.id}`, { cookie }), params: { id: product.id }, context });
    expect(((await read.json()) as { product: object }).product).toMatchObject({ stockQuantity: 6, heldQuantity: 2 });

    const refused = await api({ method: "PUT", json: { stockQuantity: 1 } });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "On hand cannot be lower than the 2 pieces held for unpaid orders right now. / لا يمكن أن يكون الموجود فعلياً أقل من ٢ قطعة محجوزة الآن لطلبات غير مدفوعة.",
    );
    expect(await stockOf(product.id)).toEqual({ stockQuantity: 4, heldQuantity: 2 });

    expect((await api({ method: "PUT", json: { price: 3 } })).status).toBe(200);
    expect(await stockOf(product.id)).toEqual({ stockQuantity: 4, heldQuantity: 2 });

    const raised = await api({ method: "PUT", json: { stockQuantity: 9 } });
    expect(((await raised.json()) as { product: object }).product).toMatchObject({ stockQuantity: 9, heldQuantity: 2 });
    expect(await stockOf(product.id)).toEqual({ stockQuantity: 7, heldQuantity: 2 });
  });
});

describe("the owner's prices", () => {
  it("saves a decimal comma as the point, never ten times the price, and refuses a comma it cannot read", async () => {
    const { cookie } = await adminCookie();
    const product = await createProduct(prisma, { priceFils: 1500 });
    // A refusal is thrown as the 400 response, as every admin API refusal is.
    const api = (json: object) =>
      productApiAction({ request: request(`/api/admin/products/${product.id}`, { cookie, method: "PUT", json }), params: { id: product.id }, context }).catch((thrown: unknown) => thrown as Response);
    const priceOf = async () => (await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).priceFils;

    expect((await api({ price: "2,5" })).status).toBe(200);
    expect(await priceOf()).toBe(2500);
    expect((await api({ price: "٣٫٧٥" })).status).toBe(200);
    expect(await priceOf()).toBe(3750);
    // The activity log says what the price became, so "who changed this price" has an answer (probe 10).
    const logged = await prisma.auditEntry.findFirstOrThrow({ where: { entityType: "product", entityId: product.id }, orderBy: [{ at: "desc" }, { id: "desc" }] });
    expect(logged.summary).toBe(`${product.nameEn}, price 3750 fils, on hand 10`);
    const refused = await api({ price: "2,5000" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("Price must be a valid number.");
    expect(await priceOf()).toBe(3750);
  });
  it("refuses on the edit page a price before discount that is not above the price, as the catalogue import does", async () => {
    const { cookie } = await adminCookie();
    const product = await createProduct(prisma, { priceFils: 2500 });
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      const base = { nameEn: product.nameEn, nameAr: product.nameAr, price: "2.500", stockQuantity: "5", lowStockThreshold: "3", categoryId: product.categoryId, isAvailable: "on", "images[0]": "/uploads/catalogue/seed-product-01-main.webp" };
      for (const [name, value] of Object.entries({ ...base, intent: "save", ...fields })) form.append(name, value);
      const result = await editAction({ request: request(`/admin/timsar/products/edit/${product.id}`, { method: "POST", body: form, cookie }), params: { id: product.id }, context });
      return result as unknown as { init: { status: number } | null; data: { result?: { error?: Record<string, string[]> } } } & Response;
    };
    const tooLow: Record<string, string>[] = [{ priceBeforeDiscount: "1.000", hasDiscount: "on" }, { priceBeforeDiscount: "2.500", hasDiscount: "on" }, { priceBeforeDiscount: "1.000" }];
    for (const fields of tooLow) {
      const refused = await post(fields);
      expect(refused.init?.status).toBe(400);
      expect(refused.data.result?.error?.priceBeforeDiscount).toEqual(["admin.validation.adminPriceBeforeDiscountAbovePrice"]);
    }
    expect(enShell.validation.adminPriceBeforeDiscountAbovePrice).toBe("The price before discount must be a KD amount above the price.");
    expect(arShell.validation.adminPriceBeforeDiscountAbovePrice).toBe("يجب أن يكون السعر قبل الخصم مبلغاً بالدينار أعلى من السعر.");
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ priceFils: 2500, priceBeforeDiscountFils: null, hasDiscount: false });
    const saved = await post({ priceBeforeDiscount: "3.000", hasDiscount: "on" });
    expect(saved.status).toBe(303);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ priceFils: 2500, priceBeforeDiscountFils: 3000, hasDiscount: true });
  });
});

describe("the owner's options and variant grid without JavaScript", () => {
  it("makes a row per combination of 2 options × 3 values, keeps typed rows, and saves them as variants", async () => {
    const { cookie } = await adminCookie();
    const category = await prisma.category.findFirstOrThrow();
    const base: Record<string, string> = {
      nameEn: "Hair clip",
      nameAr: "مشبك شعر",
      price: "1.500",
      stockQuantity: "0",
      lowStockThreshold: "3",
      categoryId: category.id,
      isAvailable: "on",
      "images[0]": "/uploads/catalogue/seed-product-01-main.webp",
      "options[0].nameEn": "Colour",
      "options[0].nameAr": "اللون",
      "options[0].valuesEn": "Red\nBlue\nPink",
      "options[0].valuesAr": "أحمر\nأزرق\nوردي",
      "options[1].nameEn": "Size",
      "options[1].nameAr": "المقاس",
      "options[1].valuesEn": "S\nM\nL",
      "options[1].valuesAr": "صغير\nوسط\nكبير",
    };
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const result = await newAction({ request: request("/admin/timsar/products/new", { method: "POST", body: form, cookie }), params: {}, context });
      return result as unknown as { data: { variants?: { key: string; match: string; stockQuantity?: string }[] } } & Response;
    };
    const grid = await post({ ...base, intent: "variants" });
    const rows = grid.data.variants!;
    expect(rows.map((row) => row.match)).toEqual(["Red / S", "Red / M", "Red / L", "Blue / S", "Blue / M", "Blue / L", "Pink / S", "Pink / M", "Pink / L"]);
    const fields: Record<string, string> = { ...base, intent: "save" };
    rows.forEach((row, index) => {
      fields[`variants[${index}].match`] = row.match;
      fields[`variants[${index}].key`] = row.key;
      fields[`variants[${index}].stockQuantity`] = String(index);
      fields[`variants[${index}].isAvailable`] = "on";
      if (row.match === "Pink / L") fields[`variants[${index}].price`] = "2.250";
    });
    const saved = await post(fields);
    expect(saved.status).toBe(303);
    const product = await prisma.product.findFirstOrThrow({ where: { nameEn: "Hair clip" }, orderBy: { createdAt: "desc" }, include: { variants: { orderBy: { position: "asc" } }, options: true } });
    expect([product.hasOptions, product.priceFils, product.stockQuantity, product.options.length, product.variants.length]).toEqual([true, 1500, 36, 2, 9]);
    expect(product.variants[8]).toMatchObject({ optionValues: [{ en: "Pink", ar: "وردي" }, { en: "L", ar: "كبير" }], priceFils: 2250, stockQuantity: 8 });
    const edit = await editLoader({ request: request(`/admin/timsar/products/edit/${product.id}`, { cookie }), params: { id: product.id }, context });
    expect(edit).toMatchObject({ defaults: { options: [{ nameEn: "Colour", valuesEn: "Red\nBlue\nPink" }, { nameEn: "Size" }], variants: expect.arrayContaining([expect.objectContaining({ match: "Pink / L", price: "2.250", stockQuantity: "8" })]) } });
  });

  it("takes a variant's picture only from the product's own pictures and refuses another upload in both languages", async () => {
    const [main, second, stranger] = ["seed-product-01-main", "seed-product-01-2", "seed-product-02-main"].map((name) => `/uploads/catalogue/${name}.webp`);
    const nameEn = `Picture clip ${Date.now()}`;
    const fields = (picture: string, language: string) => twoColourForm(nameEn, language, [main, second], [{ imageUrl: picture }, {}]);
    for (const language of ["en", "ar"]) {
      const refused = (await newAction({ request: await fields(stranger, language), params: {}, context })) as unknown as { data: { result: { error: Record<string, string[]> } } };
      expect(refused.data.result.error["variants[0].imageUrl"]).toEqual(["admin.validation.adminVariantImageInvalid"]);
    }
    // The form shows the refusal in the owner's language.
    expect([enShell.validation.adminVariantImageInvalid, arShell.validation.adminVariantImageInvalid]).toEqual([
      "Choose the variant's picture from this product's pictures.",
      "اختر صورة النوع من صور هذا المنتج.",
    ]);
    expect(await prisma.product.count({ where: { nameEn } })).toBe(0);
    const saved = (await newAction({ request: await fields(second, "en"), params: {}, context })) as Response;
    expect(saved.status).toBe(303);
    const product = await prisma.product.findFirstOrThrow({ where: { nameEn }, include: { variants: { orderBy: { position: "asc" } } } });
    expect(product.variants.map((variant) => variant.imageUrl)).toEqual([second, null]);
  });

  it("refuses two variants with one SKU, or a SKU another product's variant has, next to the SKU, in the owner's language", async () => {
    const nameEn = `SKU clip ${Date.now()}`;
    const taken = `BOW-${Date.now()}`;
    await createProductWithOptions(prisma, [{ nameEn: "Size", values: [{ en: "S", ar: "صغير" }] }], [{ optionValues: [{ en: "S", ar: "صغير" }], sku: taken }]);
    const fields = (skus: [string, string], language: string) =>
      twoColourForm(nameEn, language, ["/uploads/catalogue/seed-product-01-main.webp"], [{ sku: skus[0] }, { sku: skus[1] }]);
    const own = `CLIP-${Date.now()}`;
    const twice = (await newAction({ request: await fields([own, own], "en"), params: {}, context })) as unknown as { data: { result: { error: Record<string, string[]> } }; init: { status: number } };
    expect(twice.init.status).toBe(409);
    expect(twice.data.result.error["variants[1].sku"]).toEqual([`The SKU ${own} already belongs to another variant: give each variant its own.`]);
    const elsewhere = (await newAction({ request: await fields([own, taken], "ar"), params: {}, context })) as unknown as { data: { result: { error: Record<string, string[]> } } };
    expect(elsewhere.data.result.error["variants[1].sku"]).toEqual([`رمز المنتج ${taken} مستخدم لنوع آخر: أعطِ كل نوع رمزاً خاصاً به.`]);
    expect(await prisma.product.count({ where: { nameEn } })).toBe(0);
    const saved = (await newAction({ request: await fields([own, `${own}-B`], "en"), params: {}, context })) as Response;
    expect(saved.status).toBe(303);
  });
});
