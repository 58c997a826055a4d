import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../../tests/factories/category";
import { createProduct } from "../../../tests/factories/product";
import type { CartLine } from "~/shared/cart-line";
import { addToCart, cartLineId, getCartSummary, getCartView, setLineQuantity } from "./cart.server";

const NAME_TAG = { titleEn: "Name", titleAr: "الاسم", required: true };

describe("the cart", () => {
  it("adds a new line at 1 and raises the same product with the same tag values by 1", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, tags: [{ ...NAME_TAG, required: false }] });
    let lines: CartLine[] = [];
    lines = (await addToCart(lines, product.id, ["Sara"])).lines;
    lines = (await addToCart(lines, product.id, [" Sara "])).lines;
    lines = (await addToCart(lines, product.id, ["Noor"])).lines;
    expect(lines).toEqual([
      { productId: product.id, quantity: 2, customTags: ["Sara"] },
      { productId: product.id, quantity: 1, customTags: ["Noor"] },
    ]);
  });

  it("blocks a blank required tag, an out-of-stock product and a hidden one", async () => {
    const category = await createCategory(prisma);
    const tagged = await createProduct(prisma, { categoryId: category.id, tags: [NAME_TAG] });
    const soldOut = await createProduct(prisma, { categoryId: category.id, stockQuantity: 0 });
    const hidden = await createProduct(prisma, { categoryId: category.id, isVisible: false });
    expect((await addToCart([], tagged.id, ["  "])).problem).toBe("tagsRequired");
    expect((await addToCart([], tagged.id, [])).problem).toBe("tagsRequired");
    expect((await addToCart([], soldOut.id, [])).problem).toBe("outOfStock");
    expect((await addToCart([], hidden.id, [])).problem).toBe("notFound");
  });

  it("never holds more of a product than its stock, across lines", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 2, tags: [{ ...NAME_TAG, required: false }] });
    let change = await addToCart([], product.id, ["A"]);
    change = await addToCart(change.lines, product.id, ["B"]);
    const third = await addToCart(change.lines, product.id, ["A"]);
    expect(third.problem).toBe("stockLimit");
    expect(third.lines).toEqual(change.lines);
    const raised = await setLineQuantity(change.lines, cartLineId(change.lines[0]), 5);
    expect(raised.lines[0].quantity).toBe(1);
  });

  it("ignores a quantity below 1 and stops a raise at the stock", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 3 });
    const lines: CartLine[] = [{ productId: product.id, quantity: 2, customTags: [] }];
    const id = cartLineId(lines[0]);
    expect((await setLineQuantity(lines, id, 0)).lines).toEqual(lines);
    expect((await setLineQuantity(lines, id, -4)).lines).toEqual(lines);
    expect((await setLineQuantity(lines, id, 1)).lines[0].quantity).toBe(1);
    const capped = await setLineQuantity(lines, id, 9);
    expect(capped.lines[0].quantity).toBe(3);
    expect(capped.problem).toBe("stockLimit");
  });

  it("stops at the 10 of one piece one order may hold, across lines, as placing refuses more (probe 10)", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 50, tags: [{ ...NAME_TAG, required: false }] });
    let change = await addToCart([], product.id, ["A"]);
    for (let added = 1; added < 9; added++) change = await addToCart(change.lines, product.id, ["A"]);
    change = await addToCart(change.lines, product.id, ["B"]);
    expect(change.problem).toBeNull();
    const eleventh = await addToCart(change.lines, product.id, ["B"]);
    expect(eleventh.problem).toBe("stockLimit");
    expect(eleventh.lines).toEqual(change.lines);
    const raised = await setLineQuantity(change.lines, cartLineId(change.lines[1]), 15);
    expect(raised).toEqual({ lines: change.lines, problem: "stockLimit" });
    const lowered = await setLineQuantity(change.lines, cartLineId(change.lines[0]), 5);
    expect(lowered.lines.map((line) => line.quantity)).toEqual([5, 1]);
    expect((await setLineQuantity(lowered.lines, cartLineId(lowered.lines[1]), 12)).lines.map((line) => line.quantity)).toEqual([5, 5]);
  });

  it("stops at the 20 pieces one order may hold in all, as 'cart full', and still lets a line go down (probe 10)", async () => {
    const category = await createCategory(prisma);
    const products = await Promise.all([1, 2, 3].map(() => createProduct(prisma, { categoryId: category.id, stockQuantity: 50 })));
    const lines: CartLine[] = [
      { productId: products[0].id, quantity: 10, customTags: [] },
      { productId: products[1].id, quantity: 9, customTags: [] },
    ];
    let change = await addToCart(lines, products[2].id, []);
    expect(change.problem).toBeNull();
    const full = await addToCart(change.lines, products[2].id, []);
    expect(full).toEqual({ lines: change.lines, problem: "cartFull" });
    change = await setLineQuantity(change.lines, cartLineId(change.lines[1]), 4);
    expect(change.lines.map((line) => line.quantity)).toEqual([10, 4, 1]);
    const raised = await setLineQuantity(change.lines, cartLineId(change.lines[2]), 9);
    expect(raised.lines.map((line) => line.quantity)).toEqual([10, 4, 6]);
    expect(raised.problem).toBe("cartFull");
  });

  it("shows today's database price, never one from the cookie, and leaves out hidden products", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 1000 });
    const gone = await createProduct(prisma, { categoryId: category.id });
    const lines: CartLine[] = [
      { productId: product.id, quantity: 2, customTags: [] },
      { productId: gone.id, quantity: 1, customTags: [] },
    ];
    await prisma.product.update({ where: { id: product.id }, data: { priceFils: 1250 } });
    await prisma.product.update({ where: { id: gone.id }, data: { isVisible: false } });
    const view = await getCartView(lines);
    expect(view.items.map((item) => [item.productId, item.priceFils, item.quantity])).toEqual([[product.id, 1250, 2]]);
    expect(view.totalFils).toBe(2500);
    expect(view.count).toBe(2);
  });

  it("counts a line over what is left in the total at its quantity, with its warning, as the checkout's summary does", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 1750, stockQuantity: 2 });
    const lines: CartLine[] = [{ productId: product.id, quantity: 2, customTags: [] }];
    // Another shopper bought one of the two since.
    await prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 1 } });
    const view = await getCartView(lines);
    expect(view.items[0]).toMatchObject({ quantity: 2, isAvailable: false, holdWarning: { kind: "stock", available: 1 } });
    expect(view.totalFils).toBe(3500);
    expect(view.count).toBe(2);
    expect((await getCartSummary(lines, "en")).productsTotalFils).toBe(3500);
  });

  it("prices the checkout summary the same way, leaving out a product whose category is hidden", async () => {
    const product = await createProduct(prisma, { categoryId: (await createCategory(prisma)).id, priceFils: 1000 });
    const inHiddenCategory = await createProduct(prisma, { categoryId: (await createCategory(prisma, { isVisible: false })).id });
    const lines: CartLine[] = [
      { productId: product.id, quantity: 3, customTags: [""] },
      { productId: inHiddenCategory.id, quantity: 1, customTags: [] },
    ];
    const summary = await getCartSummary(lines, "en");
    expect(summary.items).toEqual([{ productId: product.id, name: product.nameEn, quantity: 3, priceFils: 1000, customTags: [], options: "" }]);
    expect(summary.productsTotalFils).toBe(3000);
    expect((await getCartView(lines)).items.map((item) => item.productId)).toEqual([product.id]);
  });
});
