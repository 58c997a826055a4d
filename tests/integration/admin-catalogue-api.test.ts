import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as categories from "~/routes/api.admin.categories._index";
import * as category from "~/routes/api.admin.categories.$id._index";
import * as products from "~/routes/api.admin.products._index";
import * as product from "~/routes/api.admin.products.$id._index";
import * as productToggle from "~/routes/api.admin.products.$id.toggle";
import * as upload from "~/routes/api.upload";
import * as orders from "~/routes/api.orders";
import * as login from "~/routes/api.admin.timsar";
import * as session from "~/routes/api.admin.session";
import { createAdmin } from "../factories/admin";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct, createProductWithOptions } from "../factories/product";
import { uniqueEmail, uniqueId } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function run(handler: unknown, req: Request, params: Record<string, string> = {}) {
  return runChecked(handler, req, params);
}

async function uploadedImage(cookie: string): Promise<string> {
  const form = new FormData();
  const bytes = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#1565c0" } }).jpeg().toBuffer();
  form.append("image", new Blob([bytes], { type: "image/jpeg" }), "bow.jpg");
  const response = await run(upload.action, request("/api/upload", { method: "POST", body: form, cookie }));
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/** An order placed through `POST /api/orders` by a guest, for one line. */
function placeOrder(city: string, item: { _id: string; variantId?: string; quantity: number }) {
  const address = { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9" };
  const json = { fullName: "Sara Ahmad", email: uniqueEmail(), phone: "51234567", buildingType: "Villa", address, items: [{ ...item, customTags: [] }] };
  return runChecked(orders.action, request("/api/orders", { method: "POST", json }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
}

async function newCategory(cookie: string) {
  const form = new FormData();
  const id = crypto.randomUUID();
  form.append("name", JSON.stringify({ en: `Bows ${id}`, ar: `فيونكات ${id}` }));
  const icon = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#ad1457" } }).png().toBuffer();
  form.append("iconImage", new Blob([icon], { type: "image/png" }), "icon.png");
  const response = await run(categories.action, request("/api/admin/categories", { method: "POST", body: form, cookie }));
  expect(response.status).toBe(201);
  return ((await response.json()) as { category: { _id: string; slug: string; iconImage: string } }).category;
}

describe("the admin catalogue API", () => {
  it("creates a category with its icon, refuses one without names or icon", async () => {
    const { cookie } = await adminCookie();
    const created = await newCategory(cookie);
    expect(created.slug).toMatch(/^bows-/);
    expect(created.iconImage).toMatch(/^\/uploads\/categories\/[a-f0-9]+\.webp$/);

    const noIcon = new FormData();
    noIcon.append("name", JSON.stringify({ en: "A", ar: "ب" }));
    const refused = await run(categories.action, request("/api/admin/categories", { method: "POST", body: noIcon, cookie }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toContain("Please select an icon image.");

    const noNames = new FormData();
    noNames.append("name", JSON.stringify({ en: "A" }));
    const refusedNames = await run(categories.action, request("/api/admin/categories", { method: "POST", body: noNames, cookie }));
    expect(((await refusedNames.json()) as { message: string }).message).toContain("Please fill in both English and Arabic names.");

    const tooLong = new FormData();
    tooLong.append("name", JSON.stringify({ en: "A".repeat(101), ar: "ب" }));
    const refusedLong = await run(categories.action, request("/api/admin/categories", { method: "POST", body: tooLong, cookie }));
    expect(refusedLong.status).toBe(400);
    expect(((await refusedLong.json()) as { message: string }).message).toBe("A category's name may have at most 100 characters. / اسم التصنيف ١٠٠ حرف على الأكثر.");
  });

  it("refuses with 409 a name another category has, in either language, whatever its case and spaces", async () => {
    const { cookie } = await adminCookie();
    const first = await newCategory(cookie);
    const second = await newCategory(cookie);
    const { nameEn, nameAr } = await prisma.category.findUniqueOrThrow({ where: { id: first._id } });
    const named = (name: { en: string; ar: string }) => {
      const form = new FormData();
      form.append("name", JSON.stringify(name));
      return form;
    };
    const create = (name: { en: string; ar: string }) => {
      const form = named(name);
      form.append("iconImage", new Blob([new Uint8Array(8)], { type: "image/png" }), "icon.png");
      return run(categories.action, request("/api/admin/categories", { method: "POST", body: form, cookie }));
    };
    const before = await prisma.category.count();
    const sameEn = await create({ en: `  ${nameEn.toUpperCase().replace(" ", "   ")} `, ar: `جديد ${crypto.randomUUID()}` });
    expect(sameEn.status).toBe(409);
    expect(await sameEn.json()).toEqual({
      message: "Another category already has this name. / يوجد تصنيف آخر بهذا الاسم.",
      fieldErrors: { "name.en": ["Another category already has this name. / يوجد تصنيف آخر بهذا الاسم."] },
    });
    const sameAr = await create({ en: `New ${crypto.randomUUID()}`, ar: nameAr.replace(" ", "") });
    expect(sameAr.status).toBe(409);
    expect(((await sameAr.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({ "name.ar": ["Another category already has this Arabic name. / يوجد تصنيف آخر بهذا الاسم العربي."] });
    expect(await prisma.category.count()).toBe(before);

    const rename = (name: { en: string; ar: string }) => run(category.action, request(`/api/admin/categories/${second._id}`, { method: "PUT", body: named(name), cookie }), { id: second._id });
    expect((await rename({ en: nameEn.toLowerCase(), ar: `آخر ${crypto.randomUUID()}` })).status).toBe(409);
    // Its own names again are not a clash.
    const own = await prisma.category.findUniqueOrThrow({ where: { id: second._id } });
    expect((await rename({ en: own.nameEn.toLowerCase(), ar: own.nameAr })).status).toBe(200);
  });

  it("creates and edits a product's options and variants (CONTRACT.md), and refuses a variant that fits no option", async () => {
    const { cookie } = await adminCookie();
    const cat = await newCategory(cookie);
    const imageUrl = await uploadedImage(cookie);
    const colour = { name: { en: "Colour", ar: "اللون" }, values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
    const size = { name: { en: "Size", ar: "المقاس" }, values: [{ en: "S", ar: "صغير" }, { en: "L", ar: "كبير" }] };
    const payload = {
      name: { en: "Clip", ar: "مشبك" },
      price: 1.5,
      imageUrl,
      categoryId: cat._id,
      options: [colour, size],
      variants: [
        { sku: uniqueId("CLIP-RS"), optionValues: [colour.values[0], size.values[0]], price: 1.25, stockQuantity: 3 },
        { sku: uniqueId("CLIP-BL"), optionValues: [colour.values[1], size.values[1]], stockQuantity: 4 },
      ],
    };
    const wrong = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, variants: [{ optionValues: [{ en: "Green", ar: "أخضر" }], stockQuantity: 1 }] }, cookie }));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain("Each variant needs one value of every option");
    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: payload, cookie }));
    expect(created.status).toBe(201);
    const { product: saved } = (await created.json()) as { product: { _id: string; price: number; stockQuantity: number; options: unknown; variants: { _id: string; sku: string; price: number; stockQuantity: number }[] } };
    expect([saved.price, saved.stockQuantity, saved.options]).toEqual([1.25, 7, [colour, size]]);
    expect(saved.variants.map((variant) => [variant.sku, variant.price, variant.stockQuantity])).toEqual([
      [payload.variants[0].sku, 1.25, 3],
      [payload.variants[1].sku, 1.5, 4],
    ]);
    // PUT with one variant changed by id and one left out: the one left out goes (no order names it).
    const put = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { variants: [{ _id: saved.variants[1]._id, optionValues: [colour.values[1], size.values[1]], price: 2, stockQuantity: 9 }] }, cookie }), { id: saved._id });
    expect(put.status).toBe(200);
    const { product: edited } = (await put.json()) as { product: { price: number; stockQuantity: number; variants: { _id: string }[] } };
    expect([edited.price, edited.stockQuantity, edited.variants.map((variant) => variant._id)]).toEqual([2, 9, [saved.variants[1]._id]]);
  });

  it("refuses with 409 a SKU another variant has, in this product or another, and changes nothing; a variant keeps its own", async () => {
    const { cookie } = await adminCookie();
    const cat = await newCategory(cookie);
    const imageUrl = await uploadedImage(cookie);
    const colour = { name: { en: "Colour", ar: "اللون" }, values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
    const [red, blue] = [uniqueId("RED"), uniqueId("BLUE")];
    const payload = (skus: [string, string]) => ({
      name: { en: "Clip", ar: "مشبك" },
      price: 1.5,
      imageUrl,
      categoryId: cat._id,
      options: [colour],
      variants: colour.values.map((value, index) => ({ sku: skus[index], optionValues: [value], stockQuantity: 2 })),
    });
    const twice = await run(products.action, request("/api/admin/products", { method: "POST", json: payload([red, red]), cookie }));
    expect(twice.status).toBe(409);
    const answer = (await twice.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(answer.message).toBe(`The SKU ${red} already belongs to another variant: give each variant its own. / رمز المنتج ${red} مستخدم لنوع آخر: أعطِ كل نوع رمزاً خاصاً به.`);
    expect(Object.keys(answer.fieldErrors)).toEqual(["variants[1].sku"]);
    expect(await prisma.productVariant.count({ where: { sku: red } })).toBe(0);

    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: payload([red, blue]), cookie }));
    expect(created.status).toBe(201);
    const { product: first } = (await created.json()) as { product: { _id: string; variants: { _id: string; sku: string }[] } };
    const copy = await run(products.action, request("/api/admin/products", { method: "POST", json: payload([uniqueId("GREEN"), blue]), cookie }));
    expect(copy.status).toBe(409);
    expect(await prisma.product.count({ where: { categoryId: cat._id } })).toBe(1);

    // An edit that keeps the product's own SKUs goes through; one that takes another product's does not.
    const kept = await run(product.action, request(`/api/admin/products/${first._id}`, { method: "PUT", json: { price: 2 }, cookie }), { id: first._id });
    expect(kept.status).toBe(200);
    const otherSku = uniqueId("S");
    await createProductWithOptions(prisma, [{ nameEn: "Size", values: [{ en: "S", ar: "صغير" }] }], [{ optionValues: [{ en: "S", ar: "صغير" }], sku: otherSku }]);
    const swapped = { variants: first.variants.map((variant, index) => ({ _id: variant._id, optionValues: [colour.values[index]], sku: index ? otherSku : variant.sku, stockQuantity: 2 })) };
    const taken = await run(product.action, request(`/api/admin/products/${first._id}`, { method: "PUT", json: swapped, cookie }), { id: first._id });
    expect(taken.status).toBe(409);
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: first.variants[1]._id } })).toMatchObject({ sku: blue });
  });

  it("shows, per variant, the units an unpaid order holds: that variant's heldQuantity, the others 0", async () => {
    const { cookie } = await adminCookie();
    const city = await createDeliveryArea(prisma);
    const colour = { nameEn: "Colour", nameAr: "اللون", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
    const { product: made, variants } = await createProductWithOptions(prisma, [colour], [
      { optionValues: [colour.values[0]], stockQuantity: 5 },
      { optionValues: [colour.values[1]], stockQuantity: 4 },
    ]);
    const [red, blue] = variants;
    const placed = await placeOrder(city, { _id: made.id, variantId: red.id, quantity: 2 });
    expect(placed.status).toBe(201);

    const read = await run(product.loader, request(`/api/admin/products/${made.id}`, { cookie }), { id: made.id });
    expect(read.status).toBe(200);
    const { product: json } = (await read.json()) as { product: { stockQuantity: number; heldQuantity: number; variants: { _id: string; stockQuantity: number; heldQuantity: number }[] } };
    expect([json.stockQuantity, json.heldQuantity]).toEqual([9, 2]);
    expect(json.variants.map((variant) => [variant._id, variant.stockQuantity, variant.heldQuantity])).toEqual([
      [red.id, 5, 2],
      [blue.id, 4, 0],
    ]);
  });

  it("refuses to delete a product an order names, and keeps the order's line on it; hiding it still works (probe 10)", async () => {
    const { cookie } = await adminCookie();
    const city = await createDeliveryArea(prisma);
    const made = await createProduct(prisma, { stockQuantity: 5 });
    const placed = await placeOrder(city, { _id: made.id, quantity: 1 });
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };

    const refused = await run(product.action, request(`/api/admin/products/${made.id}`, { method: "DELETE", cookie }), { id: made.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "This product is in orders, so it cannot be deleted: hide it instead. Its orders keep it for returns, reviews and the sales figures. / هذا المنتج موجود في طلبات، فلا يمكن حذفه: أخفِه بدلاً من ذلك. تبقى طلباته مرتبطة به للإرجاع والتقييمات وأرقام المبيعات.",
    );
    expect(await prisma.product.findUnique({ where: { id: made.id } })).not.toBeNull();
    expect((await prisma.orderItem.findFirstOrThrow({ where: { orderId } })).productId).toBe(made.id);
    const hidden = await run(productToggle.action, request(`/api/admin/products/${made.id}/toggle`, { method: "POST", cookie }), { id: made.id });
    expect(hidden.status).toBe(200);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: made.id } })).isVisible).toBe(false);
  });

  it("refuses an update with a value of the wrong kind or a required field blanked, and changes nothing; partial updates still work", async () => {
    const { cookie } = await adminCookie();
    const cat = await newCategory(cookie);
    const imageUrl = await uploadedImage(cookie);
    const payload = { name: { en: "Velvet bow", ar: "فيونكة مخملية" }, price: 2, stockQuantity: 4, imageUrl, categoryId: cat._id };
    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: payload, cookie }));
    expect(created.status).toBe(201);
    const { _id: id } = ((await created.json()) as { product: { _id: string } }).product;
    const put = (json: unknown) => run(product.action, request(`/api/admin/products/${id}`, { method: "PUT", json, cookie }), { id });
    const stored = () => prisma.product.findUniqueOrThrow({ where: { id }, include: { customTags: true, gallery: true } });
    const before = await stored();

    const refused: [unknown, string, string][] = [
      [{ name: { en: "", ar: "" } }, "nameEn", "Name EN is required."],
      [{ name: [1, 2] }, "name", '{ "en": "…", "ar": "…" }'],
      [{ name: null }, "name", '{ "en": "…", "ar": "…" }'],
      [{ hasDiscount: "yes" }, "hasDiscount", "Give true or false."],
      [{ isAvailable: null }, "isAvailable", "Give true or false."],
      [{ options: "x" }, "options", "Give this field as a list"],
      [{ customTags: "x" }, "customTags", "Give this field as a list"],
      [{ gallery: "x" }, "gallery", "Give this field as a list"],
      [{ color: "pink" }, "color", "Give this field as an object"],
      [{ price: null }, "price", "Price must be a valid number."],
      [{ price: "" }, "price", "Price must be a valid number."],
      [{ categoryId: null }, "categoryId", "Category is required."],
      // Over a limit: the shop's own words in both languages, never the validator's English twice (probe 9).
      [{ name: { en: "x".repeat(201), ar: "فيونكة" } }, "nameEn", "A product's name may have at most 200 characters."],
      [{ description: { en: "x".repeat(5001), ar: "y" } }, "descriptionEn", "A description may have at most 5,000 characters."],
      [{ color: { name: { en: "x".repeat(101), ar: "وردي" } } }, "colorNameEn", "This may have at most 100 characters."],
      [{ customTags: Array.from({ length: 11 }, (_, index) => ({ title: { en: `Name ${index}`, ar: `الاسم ${index}` }, required: false })) }, "customTags", "at most 10 custom texts"],
      [{ options: Array.from({ length: 4 }, (_, index) => ({ name: { en: `O${index}`, ar: `خ${index}` }, values: [{ en: "A", ar: "أ" }] })) }, "options", "at most 3 options"],
      [null, "", "Send the product as a JSON object."],
      ["str", "", "Send the product as a JSON object."],
      [[{ price: 3 }], "", "Send the product as a JSON object."],
    ];
    for (const [json, field, english] of refused) {
      const answer = await put(json);
      const body = (await answer.json()) as { message: string; fieldErrors?: Record<string, string[]> };
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(body.message, JSON.stringify(json)).toContain(english);
      expect(body.message).toMatch(/ \/ .*[\u0600-\u06FF]/);
      expect(body.message, JSON.stringify(json)).not.toMatch(/Too big|expected/);
      if (field) expect(body.fieldErrors?.[field]?.[0], JSON.stringify(json)).toContain(english);
    }
    expect(await stored()).toEqual(before);

    // Partial updates as before: a field left out keeps its value, half a name keeps the other half.
    const renamed = await put({ name: { en: "Velvet clip" } });
    expect(renamed.status).toBe(200);
    expect(await stored()).toMatchObject({ nameEn: "Velvet clip", nameAr: "فيونكة مخملية", priceFils: 2000, categoryId: cat._id });
    const restocked = await put({ stockQuantity: 9, hasDiscount: false, isAvailable: "true", description: null, color: null, gallery: [], customTags: [] });
    expect(restocked.status).toBe(200);
    expect(await stored()).toMatchObject({ nameEn: "Velvet clip", stockQuantity: 9, isAvailable: true, priceFils: 2000 });
  });

  it("refuses a price before discount that is not above the price, as the catalogue import does", async () => {
    const { cookie } = await adminCookie();
    const cat = await newCategory(cookie);
    const imageUrl = await uploadedImage(cookie);
    const payload = { name: { en: "Probe bow", ar: "فيونكة" }, price: 2.5, priceBeforeDiscount: 1, hasDiscount: true, stockQuantity: 5, imageUrl, categoryId: cat._id };
    const importRule = "The price before discount must be a KD amount above the price.";
    for (const json of [payload, { ...payload, priceBeforeDiscount: 2.5 }, { ...payload, hasDiscount: false }]) {
      const answer = await run(products.action, request("/api/admin/products", { method: "POST", json, cookie }));
      expect(answer.status, JSON.stringify(json)).toBe(400);
      const body = (await answer.json()) as { message: string; fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors.priceBeforeDiscount[0]).toBe(`${importRule} / يجب أن يكون السعر قبل الخصم مبلغاً بالدينار أعلى من السعر.`);
    }

    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, priceBeforeDiscount: 3 }, cookie }));
    expect(created.status).toBe(201);
    const { _id: id } = ((await created.json()) as { product: { _id: string } }).product;
    const put = (json: unknown) => run(product.action, request(`/api/admin/products/${id}`, { method: "PUT", json, cookie }), { id });
    // Raising the price to the old price, or lowering the old price below it, is refused too; a right pair is taken.
    for (const json of [{ price: 3 }, { priceBeforeDiscount: "2.500" }, { price: 4, hasDiscount: false }]) {
      const answer = await put(json);
      expect(answer.status, JSON.stringify(json)).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toContain(importRule);
    }
    expect(await prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ priceFils: 2500, priceBeforeDiscountFils: 3000, hasDiscount: true });
    expect((await put({ price: 4, priceBeforeDiscount: 5 })).status).toBe(200);
    // No discount: an old price of 0 (what clients send for none) is kept as none, so the export leaves the cell empty.
    expect((await put({ hasDiscount: false, priceBeforeDiscount: 0 })).status).toBe(200);
    expect(await prisma.product.findUniqueOrThrow({ where: { id } })).toMatchObject({ priceFils: 4000, priceBeforeDiscountFils: null, hasDiscount: false });

    // A variant's old price is above that variant's price (its own, or the product's when it has none).
    const colour = { name: { en: "Colour", ar: "اللون" }, values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] };
    const variants = [
      { optionValues: [colour.values[0]], price: 1.5, priceBeforeDiscount: 2, stockQuantity: 1 },
      { optionValues: [colour.values[1]], priceBeforeDiscount: 4, stockQuantity: 1 },
    ];
    const withVariants = await put({ options: [colour], variants });
    const refused = (await withVariants.json()) as { fieldErrors?: Record<string, string[]> };
    expect(withVariants.status).toBe(400);
    expect(Object.keys(refused.fieldErrors ?? {})).toEqual(["variants.1.priceBeforeDiscount"]);
    expect(refused.fieldErrors!["variants.1.priceBeforeDiscount"][0]).toContain(importRule);
    expect((await put({ options: [colour], variants: [variants[0], { ...variants[1], priceBeforeDiscount: 4.5 }] })).status).toBe(200);
  });

  it("creates, reads, updates, hides and deletes a product with SPEC's rules", async () => {
    const { cookie } = await adminCookie();
    const cat = await newCategory(cookie);
    const imageUrl = await uploadedImage(cookie);
    const payload = {
      name: { en: "Satin bow", ar: "فيونكة ساتان" },
      description: { en: "Soft", ar: "ناعمة" },
      price: "1,250.5",
      priceBeforeDiscount: 0,
      stockQuantity: 7,
      imageUrl,
      gallery: [],
      color: { name: { en: "Pink", ar: "وردي" }, level: { en: "Primary", ar: "ابتدائي" } },
      filterColor: "primaryPink",
      categoryId: cat._id,
      isAvailable: true,
      isNewArrivals: true,
      hasDiscount: true,
      customTags: [{ title: { en: "Name", ar: "الاسم" }, required: true }],
    };
    const discountRefused = await run(products.action, request("/api/admin/products", { method: "POST", json: payload, cookie }));
    expect(discountRefused.status).toBe(400);
    const refusal = (await discountRefused.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(refusal.fieldErrors.priceBeforeDiscount[0]).toContain("When discount is enabled, 'Price Before Discount' must be filled and greater than zero.");

    const noImage = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, imageUrl: undefined, priceBeforeDiscount: "1,500" }, cookie }));
    expect(((await noImage.json()) as { message: string }).message).toContain("Please upload at least one image.");

    const foreignImage = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, imageUrl: "https://evil.example/x.png", priceBeforeDiscount: "1,500" }, cookie }));
    expect(foreignImage.status).toBe(400);

    const created = await run(products.action, request("/api/admin/products", { method: "POST", json: { ...payload, priceBeforeDiscount: "1,500" }, cookie }));
    expect(created.status).toBe(201);
    const { product: saved } = (await created.json()) as { product: Record<string, unknown> & { _id: string } };
    expect(saved).toMatchObject({
      name: { en: "Satin bow", ar: "فيونكة ساتان" },
      price: 1250.5,
      priceBeforeDiscount: 1500,
      stockQuantity: 7,
      imageUrl,
      isNewArrivals: true,
      filterColor: "primaryPink",
      customTags: [{ title: { en: "Name", ar: "الاسم" }, required: true }],
      isVisible: true,
    });
    expect((await prisma.product.findUniqueOrThrow({ where: { id: saved._id } })).priceFils).toBe(1250500);

    const badStock = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { stockQuantity: "-1" }, cookie }), { id: saved._id });
    expect(((await badStock.json()) as { message: string }).message).toContain("Stock Quantity must be a valid number.");

    const updated = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "PUT", json: { price: 3, hasDiscount: false, customTags: [] }, cookie }), { id: saved._id });
    expect(updated.status).toBe(200);
    const after = ((await updated.json()) as { product: Record<string, unknown> }).product;
    expect(after).toMatchObject({ price: 3, hasDiscount: false, imageUrl, filterColor: "primaryPink", customTags: [] });

    const hidden = await run(productToggle.action, request(`/api/admin/products/${saved._id}/toggle`, { method: "PUT", cookie }), { id: saved._id });
    expect(await hidden.json()).toEqual({ isVisible: false });

    const blocked = await run(category.action, request(`/api/admin/categories/${cat._id}`, { method: "DELETE", cookie }), { id: cat._id });
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { message: string }).message).toContain("still has 1 products");

    const deleted = await run(product.action, request(`/api/admin/products/${saved._id}`, { method: "DELETE", cookie }), { id: saved._id });
    expect(deleted.status).toBe(200);
    const gone = await run(product.loader, request(`/api/admin/products/${saved._id}`, { cookie }), { id: saved._id });
    expect(gone.status).toBe(404);
    const categoryDeleted = await run(category.action, request(`/api/admin/categories/${cat._id}`, { method: "DELETE", cookie }), { id: cat._id });
    expect(categoryDeleted.status).toBe(200);
  });
});

describe("the admin login API", () => {
  it("signs in with the right password, refuses a wrong one, and limits attempts", async () => {
    const adminEmail = `login-${crypto.randomUUID()}@example.com`;
    // not ensureAdmin: it would disable the administrators of the other test files sharing this database
    await createAdmin(prisma, { email: adminEmail, password: "correct-horse-battery" });
    const attempt = (password: string) =>
      run(login.action, request("/api/admin/timsar", { method: "POST", json: { email: adminEmail, password } }));

    const ok = await attempt("correct-horse-battery");
    expect(ok.status).toBe(200);
    const cookie = ok.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__admin=.+HttpOnly/i);
    const who = await run(session.loader, request("/api/admin/session", { cookie: cookie.split(";")[0] }));
    expect(await who.json()).toEqual({ isAdmin: true, email: adminEmail, role: "owner" });

    const wrong = await attempt("wrong-password");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid credentials / بيانات الدخول غير صحيحة" });
    let last = wrong;
    for (let i = 0; i < 10; i++) last = await attempt("wrong-password");
    expect(last.status).toBe(429);
    expect((await attempt("correct-horse-battery")).status).toBe(429);

    const anonymous = await run(session.loader, request("/api/admin/session"));
    expect(await anonymous.json()).toEqual({ isAdmin: false });
  });
});
