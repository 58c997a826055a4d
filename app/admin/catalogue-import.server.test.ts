import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { placeOrder } from "~/models/orders/index.server";
import { applyCatalogueSheet, bulkSheetRows, exportedStockOf } from "~/models/catalogue/index.server";
import { catalogueSheetCsv } from "~/api/answers/catalogue-sheet.server";
import { planImportText } from "./catalogue-import.server";
import { createCategory } from "../../tests/factories/category";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { checkoutDetails } from "../../tests/factories/order";
import { createProduct, createProductWithOptions, FIXTURE_IMAGE } from "../../tests/factories/product";
import { uniqueId } from "../../tests/factories/unique";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { loader as exportLoader } from "../routes/api.admin.products.export[.]csv";
import { action as importAction } from "../routes/api.admin.products.import";

/**
 * The catalogue in a spreadsheet (issue 49) as the owner's spreadsheet program sees it: the CSV the shop writes, the
 * same file edited and sent back, and every kind of bad row refusing the whole file by row and column.
 */
const context = { cspNonce: "" };

/** 200: the counts and no errors; 400: the message and every bad cell. */
type Answer = { created?: number; updated?: number; unchanged?: number; message?: string; errors: { row: number; column: string; message: string }[] };

/** The export as a browser saves it: the name it is sent under (which names the export) and its text, BOM first. */
async function exportFile(cookie: string) {
  const response = await exportLoader({ request: request("/api/admin/products/export.csv", { cookie }), params: {}, context });
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "";
  return { name, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

async function exportCsv(cookie: string) {
  return (await exportFile(cookie)).text;
}

async function importCsv(cookie: string, text: string, { dryRun = false, name = "products.csv" } = {}) {
  const body = new FormData();
  body.set("file", new File([text], name, { type: "text/csv" }));
  // A Response the action throws is what Remix answers, as one it returns.
  const response = await Promise.resolve(importAction({ request: request(`/api/admin/products/import${dryRun ? "?dryRun=1" : ""}`, { method: "POST", cookie, body }), params: {}, context })).catch(
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    },
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A quoted CSV line, as Excel writes one. */
function line(cells: string[], delimiter = ","): string {
  return cells.map((cell) => (/[",;\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(delimiter);
}

const HEADER = "product_id,variant_id,sku,category,name_en,name_ar,description_en,description_ar,option1_name_en,option1_name_ar,option1_value_en,option1_value_ar,option2_name_en,option2_name_ar,option2_value_en,option2_value_ar,price,price_before_discount,stock,visible,image_url";
const COLUMNS = HEADER.split(",");

/** The file's lines for some products only (the export holds every worker's products too). */
function linesOf(csv: string, productIds: string[]): string[][] {
  return csv
    .split("\r\n")
    .slice(1)
    .filter(Boolean)
    .map(splitLine)
    .filter((cells) => productIds.includes(cells[0]));
}

/** Enough of a CSV reader for the shop's own export, whose cells hold no line breaks in these tests. */
function splitLine(text: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  return [...cells, cell];
}

function set(cells: string[], column: string, value: string): string[] {
  const copy = [...cells];
  copy[COLUMNS.indexOf(column)] = value;
  return copy;
}

function file(rows: string[][], delimiter = ","): string {
  return [line(COLUMNS, delimiter), ...rows.map((cells) => line(cells, delimiter))].join("\r\n") + "\r\n";
}

async function productWithHold(stockQuantity = 6, quantity = 2) {
  const city = await createDeliveryArea(prisma);
  const product = await createProduct(prisma, { stockQuantity, nameAr: "فيونكة وردية" });
  await placeOrder({ details: checkoutDetails(city), lines: [{ productId: product.id, quantity, customTags: [] }], customerId: null, language: "en" });
  return product;
}

describe("the catalogue spreadsheet", () => {
  it("exports every product and variant with a BOM, both languages and the contract's header", async () => {
    const { cookie } = await adminCookie();
    const simple = await createProduct(prisma, { nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2500, stockQuantity: 7 });
    const { product, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "صغير" }, { en: "M", ar: "وسط" }] }],
      [{ optionValues: [{ en: "S", ar: "صغير" }], sku: uniqueId("S"), priceFils: 3000 }, { optionValues: [{ en: "M", ar: "وسط" }], sku: uniqueId("M"), priceFils: 3500 }],
      { nameEn: "=Hair clip", nameAr: "مشبك شعر" },
    );
    const csv = await exportCsv(cookie);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")[0]).toBe(HEADER);
    const rows = linesOf(csv.slice(1), [simple.id, product.id]);
    expect(rows).toHaveLength(3);
    const own = rows.find((cells) => cells[0] === simple.id)!;
    expect(own.slice(0, 6)).toEqual([simple.id, simple.id, "", (await prisma.category.findUniqueOrThrow({ where: { id: simple.categoryId } })).nameEn, "Pink bow", "فيونكة وردية"]);
    expect(own.slice(16, 20)).toEqual(["2.500", "", "7", "yes"]);
    const medium = rows.find((cells) => cells[1] === variants[1].id)!;
    // A name that a spreadsheet would run as a formula is written as text.
    expect(medium[4]).toBe("'=Hair clip");
    expect(medium.slice(8, 12)).toEqual(["Size", "المقاس", "M", "وسط"]);
    expect(medium[16]).toBe("3.500");
    // ...and read back as the name it is: the file taken back unchanged changes nothing.
    expect(await importCsv(cookie, file(rows.filter((cells) => cells[0] === product.id)), { dryRun: true })).toEqual({ status: 200, body: { created: 0, updated: 0, unchanged: 2, errors: [] } });
  });

  it("takes its own export back edited: a dry run changes nothing, the import changes what was edited, once, in the activity log", async () => {
    const { cookie } = await adminCookie();
    const simple = await createProduct(prisma, { nameAr: "فيونكة وردية", priceFils: 2500, stockQuantity: 7 });
    const { product, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "صغير" }, { en: "M", ar: "وسط" }] }],
      [{ optionValues: [{ en: "S", ar: "صغير" }], sku: uniqueId("S") }, { optionValues: [{ en: "M", ar: "وسط" }], sku: uniqueId("M") }],
    );
    const rows = linesOf((await exportCsv(cookie)).slice(1), [simple.id, product.id]);
    const unchanged = await importCsv(cookie, file(rows), { dryRun: true });
    expect(unchanged).toEqual({ status: 200, body: { created: 0, updated: 0, unchanged: 3, errors: [] } });

    const edited = rows.map((cells) => {
      if (cells[0] === simple.id) return set(set(cells, "price", "2.750"), "name_ar", "فيونكة وردية كبيرة");
      if (cells[1] === variants[1].id) return set(cells, "stock", "12");
      return cells;
    });
    const before = await prisma.product.findMany({ where: { id: { in: [simple.id, product.id] } }, orderBy: { id: "asc" } });
    const dryRun = await importCsv(cookie, file(edited), { dryRun: true });
    expect(dryRun).toEqual({ status: 200, body: { created: 0, updated: 2, unchanged: 1, errors: [] } });
    expect(await prisma.product.findMany({ where: { id: { in: [simple.id, product.id] } }, orderBy: { id: "asc" } })).toEqual(before);

    const imported = await importCsv(cookie, file(edited), { name: "eid-prices.csv" });
    expect(imported).toEqual({ status: 200, body: { created: 0, updated: 2, unchanged: 1, errors: [] } });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: simple.id } })).toMatchObject({ priceFils: 2750, nameAr: "فيونكة وردية كبيرة", stockQuantity: 7 });
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: variants[1].id } })).toMatchObject({ stockQuantity: 12 });
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: variants[0].id } })).toMatchObject({ stockQuantity: 5 });
    const entries = await prisma.auditEntry.findMany({ where: { action: "import", entityId: "eid-prices.csv" } });
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0].params ?? "{}")).toEqual({ file: "eid-prices.csv", created: 0, updated: 2, unchanged: 1 });
  });

  it("makes a new product from a row, and a product with options from a block of rows", async () => {
    const { cookie } = await adminCookie();
    const category = await createCategory(prisma);
    const name = uniqueId("Velvet scrunchie");
    const rows = [
      set(set(set(set(set(set(set(Array(21).fill(""), "category", category.slug), "name_en", name), "name_ar", "ربطة شعر مخملية"), "price", "1.250"), "stock", "4"), "visible", "yes"), "image_url", FIXTURE_IMAGE),
      ...["Red|أحمر", "Navy|كحلي"].map((value, index) => {
        const [en, ar] = value.split("|");
        let cells = set(set(set(Array(21).fill(""), "category", category.nameEn), "name_en", `${name} set`), "name_ar", "طقم ربطات");
        cells = set(set(set(set(cells, "option1_name_en", "Colour"), "option1_name_ar", "اللون"), "option1_value_en", en), "option1_value_ar", ar);
        return set(set(set(set(cells, "price", index ? "2.000" : "1.500"), "stock", "3"), "image_url", index ? "" : FIXTURE_IMAGE), "sku", uniqueId(en));
      }),
    ];
    expect(await importCsv(cookie, file(rows))).toEqual({ status: 200, body: { created: 3, updated: 0, unchanged: 0, errors: [] } });
    expect(await prisma.product.findFirstOrThrow({ where: { nameEn: name } })).toMatchObject({ nameAr: "ربطة شعر مخملية", priceFils: 1250, stockQuantity: 4, categoryId: category.id, hasOptions: false });
    const set_ = await prisma.product.findFirstOrThrow({ where: { nameEn: `${name} set` }, include: { variants: { orderBy: { position: "asc" } }, options: true } });
    expect(set_).toMatchObject({ hasOptions: true, priceFils: 1500, stockQuantity: 6 });
    expect(set_.options[0]).toMatchObject({ nameEn: "Colour", nameAr: "اللون", values: [{ en: "Red", ar: "أحمر" }, { en: "Navy", ar: "كحلي" }] });
    expect(set_.variants.map((variant) => variant.priceFils)).toEqual([1500, 2000]);
  });

  it("tells a file over the upload limit that it is too large, as a spreadsheet", async () => {
    const { cookie } = await adminCookie();
    const before = await prisma.product.count();
    const refused = await importCsv(cookie, `${HEADER}\r\n${"x".repeat(5 * 1024 * 1024 + 10)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("The file is too large: a spreadsheet may be at most 5 MB. / الملف كبير جداً: الحد الأقصى لجدول البيانات ٥ ميغابايت.");
    expect(await prisma.product.count()).toBe(before);
  });

  it("refuses the whole file for any bad row, naming each by row and column in both languages", async () => {
    const { cookie } = await adminCookie();
    const held = await productWithHold(6, 2);
    const sku = uniqueId("DUP");
    const { product, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "صغير" }, { en: "M", ar: "وسط" }] }],
      [{ optionValues: [{ en: "S", ar: "صغير" }], sku: uniqueId("S") }, { optionValues: [{ en: "M", ar: "وسط" }], sku: uniqueId("M") }],
    );
    const plain = await createProduct(prisma, { priceFils: 1000 });
    const rows = linesOf((await exportCsv(cookie)).slice(1), [held.id, product.id, plain.id]);
    const row = (id: string) => rows.find((cells) => cells[1] === id)!;
    const bad = [
      set(row(plain.id), "price", "2.5005"),
      set(row(variants[0].id), "stock", "-1"),
      set(row(variants[1].id), "option1_value_en", "XL"),
      set(row(held.id), "stock", "1"),
      set(set(row(plain.id), "variant_id", ""), "product_id", ""),
    ];
    bad[4] = set(set(set(bad[4], "category", "No such category"), "sku", sku), "price", "3");
    bad.push(set(set(bad[4], "category", (await prisma.category.findUniqueOrThrow({ where: { id: plain.categoryId } })).slug), "name_en", "Another"));
    const before = await prisma.product.findMany({ where: { id: { in: [held.id, product.id, plain.id] } }, orderBy: { id: "asc" } });
    const refused = await importCsv(cookie, file(bad));
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((error) => [error.row, error.column])).toEqual([
      [2, "price"],
      [3, "stock"],
      [4, "option1_value_en"],
      [5, "stock"],
      [6, "category"],
      [7, "sku"],
    ]);
    expect(refused.body.errors[1].message).toBe("Stock cannot be negative. / لا يمكن أن تكون الكمية سالبة.");
    expect(refused.body.errors[3].message).toBe("Stock cannot be lower than the 2 pieces held for unpaid orders. / لا يمكن أن تكون الكمية أقل من ٢ قطعة محجوزة لطلبات غير مدفوعة.");
    expect(refused.body.errors[5].message).toBe("This SKU is already on row 6. / رمز التخزين هذا موجود في الصف ٦.");
    expect(await prisma.product.findMany({ where: { id: { in: [held.id, product.id, plain.id] } }, orderBy: { id: "asc" } })).toEqual(before);
    expect(await prisma.product.count({ where: { nameEn: "Another" } })).toBe(0);
  });

  it("refuses one variant on two rows instead of letting the last row win (probe 10)", async () => {
    const { cookie } = await adminCookie();
    const { product, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "صغير" }, { en: "M", ar: "وسط" }] }],
      [{ optionValues: [{ en: "S", ar: "صغير" }], sku: uniqueId("S"), stockQuantity: 5 }, { optionValues: [{ en: "M", ar: "وسط" }], sku: uniqueId("M"), stockQuantity: 5 }],
    );
    const rows = linesOf((await exportCsv(cookie)).slice(1), [product.id]);
    const small = rows.find((cells) => cells[1] === variants[0].id)!;
    const refused = await importCsv(cookie, file([...rows, set(small, "stock", "60")].map((cells, index) => (index === 0 ? set(cells, "stock", "50") : cells))));
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ row: 4, column: "variant_id", message: "This variant is on an earlier row too: keep one row per variant. / هذا الخيار في صف سابق أيضاً: اترك صفاً واحداً لكل خيار." }),
    ]);
    expect((await prisma.productVariant.findMany({ where: { productId: product.id } })).map((variant) => variant.stockQuantity)).toEqual([5, 5]);
  });

  it("takes back its own export of a product priced 0, as the product form allows it (probe 9)", async () => {
    const { cookie } = await adminCookie();
    const free = await createProduct(prisma, { priceFils: 1000 });
    await prisma.product.update({ where: { id: free.id }, data: { priceFils: 0 } });
    const rows = linesOf((await exportCsv(cookie)).slice(1), [free.id]);
    expect(rows[0][COLUMNS.indexOf("price")]).toBe("0.000");
    const taken = await importCsv(cookie, file(rows));
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ errors: [], unchanged: 1 });
  });

  it("reads a file Excel saved in an Arabic locale: semicolons, a BOM, Arabic-Indic digits, a decimal comma, a cell over two lines", async () => {
    const { cookie } = await adminCookie();
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 3 });
    const [cells] = linesOf((await exportCsv(cookie)).slice(1), [product.id]);
    const edited = set(set(set(cells, "price", "٢,٥"), "stock", "١٢"), "description_ar", "وصف\nمن سطرين؛ مع \"اقتباس\"");
    const excel = `\uFEFF${file([edited], ";")}`;
    expect(await importCsv(cookie, excel)).toEqual({ status: 200, body: { created: 0, updated: 1, unchanged: 0, errors: [] } });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ priceFils: 2500, stockQuantity: 12, descriptionAr: "وصف\nمن سطرين؛ مع \"اقتباس\"" });
  });

  it("changes the price or stock of whole products and single variants at once, by percent or amount, through the import's plan", async () => {
    const { admin } = await adminCookie();
    const actor = { ...admin, role: "owner" };
    const simple = await createProduct(prisma, { priceFils: 2500, stockQuantity: 7 });
    const { product, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Size", nameAr: "المقاس", values: [{ en: "S", ar: "صغير" }, { en: "M", ar: "وسط" }] }],
      [{ optionValues: [{ en: "S", ar: "صغير" }], sku: uniqueId("S"), priceFils: 3000 }, { optionValues: [{ en: "M", ar: "وسط" }], sku: uniqueId("M"), priceFils: 3500 }],
    );
    const selection = { productIds: [simple.id], variantIds: [variants[1].id] };
    const cheaper = await planImportText(catalogueSheetCsv((await bulkSheetRows(selection, { field: "price", mode: "percent", value: "-10" }))!));
    if (!cheaper.ok) throw new Error(JSON.stringify(cheaper.errors));
    expect(cheaper.plan.changes.map((change) => [change.column, change.from, change.to]).sort()).toEqual([
      ["price", "2.500", "2.250"],
      ["price", "3.500", "3.150"],
    ]);
    expect(await applyCatalogueSheet(cheaper.plan, { actor, fileName: "" })).toEqual({ ok: true, created: 0, updated: 2, unchanged: 0 });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: simple.id } })).toMatchObject({ priceFils: 2250, stockQuantity: 7 });
    // The product's one variant carries its price, as after the product form.
    expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: simple.id } })).toMatchObject({ priceFils: 2250, stockQuantity: 7 });
    expect((await prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } })).map((variant) => variant.priceFils)).toEqual([3000, 3150]);

    const more = await planImportText(catalogueSheetCsv((await bulkSheetRows({ productIds: [product.id], variantIds: [] }, { field: "stock", mode: "amount", value: "٣" }))!));
    if (!more.ok) throw new Error(JSON.stringify(more.errors));
    expect(await applyCatalogueSheet(more.plan, { actor, fileName: "" })).toMatchObject({ ok: true, updated: 2 });
    expect((await prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" } })).map((variant) => variant.stockQuantity)).toEqual([8, 8]);
    // The product's own row is its variants' sum and lowest price.
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 16, priceFils: 3000 });

    const tooLow = await planImportText(catalogueSheetCsv((await bulkSheetRows({ productIds: [], variantIds: [variants[0].id] }, { field: "stock", mode: "amount", value: "-9" }))!));
    expect(tooLow).toEqual({ ok: false, errors: [{ row: 2, column: "stock", problem: "negativeStock" }] });
    expect(await bulkSheetRows(selection, { field: "stock", mode: "amount", value: "1.5" })).toBeNull();
  });

  it("leaves the stock sold since the export alone where the file still shows the stock of then, and sets what the owner typed", async () => {
    const { cookie } = await adminCookie();
    const clip = await createProduct(prisma, { priceFils: 1500, stockQuantity: 10 });
    const { product: bow, variants } = await createProductWithOptions(
      prisma,
      [{ nameEn: "Colour", nameAr: "اللون", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] }],
      [{ optionValues: [{ en: "Red", ar: "أحمر" }], sku: uniqueId("RED"), stockQuantity: 5 }, { optionValues: [{ en: "Blue", ar: "أزرق" }], sku: uniqueId("BLUE"), stockQuantity: 5 }],
    );
    const exported = await exportFile(cookie);
    expect(exported.name).toMatch(/^products-\d{4}-\d{2}-\d{2}-[0-9a-f]{12}\.csv$/);
    // Sold while the owner edits her prices: three clips and two red bows (paid orders take the units for good).
    await prisma.product.update({ where: { id: clip.id }, data: { stockQuantity: 7 } });
    await prisma.productVariant.update({ where: { id: clip.id }, data: { stockQuantity: 7 } });
    await prisma.productVariant.update({ where: { id: variants[0].id }, data: { stockQuantity: 3 } });
    await prisma.productVariant.update({ where: { id: variants[1].id }, data: { stockQuantity: 4 } });
    // She raised the clip's price and counted the blue bows again: 8. The other stock cells still read 10 and 5.
    const rows = linesOf(exported.text.slice(1), [clip.id, bow.id]).map((cells) => (cells[0] === clip.id ? set(cells, "price", "1.750") : cells[1] === variants[1].id ? set(cells, "stock", "٨") : cells));
    const text = file(rows);

    // Saved again by a spreadsheet program, which adds to the name: still the same export.
    for (const name of [exported.name, exported.name.replace(".csv", " - Sheet1.csv")]) {
      const planned = await planImportText(text, name);
      if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
      expect(planned.plan.stockKept).toBe(2);
      expect(planned.plan.changes.map((change) => [change.column, change.from, change.to]).sort()).toEqual([
        ["price", "1.500", "1.750"],
        ["stock", "4", "8"],
      ]);
    }
    // A file whose name names no export of this shop is taken as written, as before: its stock is the file's.
    const unnamed = await importCsv(cookie, text, { dryRun: true, name: "catalogue.csv" });
    expect(unnamed.body).toMatchObject({ updated: 3 });

    const imported = await importCsv(cookie, text, { name: exported.name });
    expect(imported).toMatchObject({ status: 200, body: { created: 0, updated: 2, unchanged: 1, errors: [] } });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: clip.id } })).toMatchObject({ priceFils: 1750, stockQuantity: 7 });
    expect((await prisma.productVariant.findMany({ where: { productId: bow.id }, orderBy: { position: "asc" } })).map((variant) => variant.stockQuantity)).toEqual([3, 8]);
  });

  it("forgets an export's stock after 90 days", async () => {
    const { cookie } = await adminCookie();
    await createProduct(prisma);
    const { name } = await exportFile(cookie);
    expect(await exportedStockOf(name)).not.toBeNull();
    expect(await exportedStockOf(name, new Date(Date.now() + 91 * 24 * 60 * 60 * 1000))).toBeNull();
    expect(await exportedStockOf("products-2026-12-03-000000000000.csv")).toBeNull();
  });

  it("refuses the whole import when units were held for an order between the preview and the write", async () => {
    const { cookie, admin } = await adminCookie();
    const held = await createProduct(prisma, { stockQuantity: 6, nameAr: "فيونكة وردية" });
    const other = await createProduct(prisma, { priceFils: 1000 });
    const rows = linesOf((await exportCsv(cookie)).slice(1), [held.id, other.id]).map((cells) => (cells[0] === held.id ? set(cells, "stock", "2") : set(cells, "price", "1.100")));
    const planned = await planImportText(file(rows));
    if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
    const city = await createDeliveryArea(prisma);
    await placeOrder({ details: checkoutDetails(city), lines: [{ productId: held.id, quantity: 3, customTags: [] }], customerId: null, language: "en" });

    const row = rows.findIndex((cells) => cells[0] === held.id) + 2;
    expect(await applyCatalogueSheet(planned.plan, { actor: { ...admin, role: "owner" }, fileName: "late.csv" })).toEqual({ ok: false, errors: [{ row, column: "stock", problem: "belowHeld", params: { held: 3 } }] });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({ stockQuantity: 3, heldQuantity: 3 });
    expect(await prisma.product.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ priceFils: 1000 });
    expect(await prisma.auditEntry.count({ where: { action: "import", entityId: "late.csv" } })).toBe(0);
  });

  it("refuses the whole import when another variant took a SKU it gives between the preview and the write", async () => {
    const { cookie, admin } = await adminCookie();
    const renamed = await createProduct(prisma, { priceFils: 1000 });
    const other = await createProduct(prisma);
    const sku = uniqueId("LATE");
    const rows = linesOf((await exportCsv(cookie)).slice(1), [renamed.id]).map((cells) => set(set(cells, "sku", sku), "price", "1.100"));
    const planned = await planImportText(file(rows));
    if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
    // Saved by the product form after the preview read the catalogue.
    await prisma.productVariant.update({ where: { id: other.id }, data: { sku } });

    expect(await applyCatalogueSheet(planned.plan, { actor: { ...admin, role: "owner" }, fileName: "late-sku.csv" })).toEqual({ ok: false, errors: [{ row: 2, column: "sku", problem: "skuTaken" }] });
    expect(await prisma.productVariant.findMany({ where: { sku }, select: { productId: true } })).toEqual([{ productId: other.id }]);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: renamed.id } })).toMatchObject({ priceFils: 1000 });
    expect(await prisma.auditEntry.count({ where: { action: "import", entityId: "late-sku.csv" } })).toBe(0);
  });

  it("gives a new SKU to one of two imports written at the same moment, on either engine", async () => {
    const { cookie, admin } = await adminCookie();
    const products = [await createProduct(prisma), await createProduct(prisma)];
    const sku = uniqueId("BOTH");
    const csv = (await exportCsv(cookie)).slice(1);
    const plans = await Promise.all(
      products.map(async (product) => {
        const planned = await planImportText(file(linesOf(csv, [product.id]).map((cells) => set(cells, "sku", sku))));
        if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
        return planned.plan;
      }),
    );
    const results = await Promise.all(plans.map((plan, index) => applyCatalogueSheet(plan, { actor: { ...admin, role: "owner" }, fileName: `both-${index}.csv` })));
    expect(results.map((result) => (result.ok ? "written" : result.errors[0].problem)).sort()).toEqual(["skuTaken", "written"]);
    expect(await prisma.productVariant.count({ where: { sku } })).toBe(1);
  });

  it("is the owner's and the catalogue role's, no one else's", async () => {
    const orders = await adminCookie("orders");
    expect((await exportLoader({ request: request("/api/admin/products/export.csv", { cookie: orders.cookie }), params: {}, context }).catch((answer: Response) => answer)).status).toBe(403);
    expect((await importCsv(orders.cookie, HEADER).catch((answer: Response) => ({ status: answer.status }))).status).toBe(403);
    const catalogue = await adminCookie("catalogue");
    expect((await importCsv(catalogue.cookie, `${HEADER}\r\n`, { dryRun: true })).body.errors).toEqual([{ row: 2, column: "", message: expect.stringContaining("no product rows") }]);
    expect(await exportCsv(catalogue.cookie)).toContain(HEADER);
  });
});
