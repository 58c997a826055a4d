import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testProvider } from "~/payments/test-provider.server";
import { fixedT } from "~/i18n/fixed-t.server";
import Database from "better-sqlite3";
import pg from "pg";
import { databaseEngine, prisma } from "~/db.server";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { uniqueAddress } from "../../../tests/factories/unique";
import { addToCart, getCartView } from "./cart.server";
import { OrderError, placeOrder } from "./order.server";
import { releaseReservation } from "./stock-hold.server";
import { createCustomer } from "../../../tests/factories/customer";
import { getAdminOrderView, getOrdersForCustomer } from "~/models/fulfilment/index.server";
import { orderAsReadJson } from "~/api/answers/orders.server";
import { getInvoicePdf } from "./invoice.server";
import { confirmPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import type { CartLine } from "~/shared/cart-line";

const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const COLOUR = { nameEn: "Colour", nameAr: "اللون", values: [red, blue] };

async function clip(redStock = 4, blueStock = 6) {
  return createProductWithOptions(prisma, [COLOUR], [
    { optionValues: [red], priceFils: 1250, stockQuantity: redStock },
    { optionValues: [blue], priceFils: 1500, stockQuantity: blueStock },
  ]);
}

const stockOf = async (id: string) => prisma.productVariant.findUniqueOrThrow({ where: { id }, select: { stockQuantity: true, heldQuantity: true } });
const productStockOf = async (id: string) => prisma.product.findUniqueOrThrow({ where: { id }, select: { stockQuantity: true, heldQuantity: true } });

describe("a cart of variants", () => {
  it("keeps two colours of one clip as two lines, each priced and capped by its own variant", async () => {
    const { product, variants } = await clip(1, 6);
    let lines: CartLine[] = [];
    expect((await addToCart(lines, product.id, [])).problem).toBe("variantRequired");
    lines = (await addToCart(lines, product.id, [], variants[0].id)).lines;
    expect((await addToCart(lines, product.id, [], variants[0].id)).problem).toBe("stockLimit");
    lines = (await addToCart(lines, product.id, [], variants[1].id)).lines;
    const view = await getCartView(lines);
    expect(view.items.map((item) => [item.priceFils, item.optionValues])).toEqual([
      [1250, [red]],
      [1500, [blue]],
    ]);
    expect(view.totalFils).toBe(2750);
  });

  it("leaves a product without options' line as today, without a variant", async () => {
    const product = await createProduct(prisma);
    const { lines } = await addToCart([], product.id, []);
    expect(lines).toEqual([{ productId: product.id, quantity: 1, customTags: [] }]);
  });
});

describe("an order of a variant", () => {
  it("holds the variant's units and its product's, keeps its values, and gives them back when the hold ends", async () => {
    const city = await createDeliveryArea(prisma);
    const { product, variants } = await clip();
    const order = await placeOrder({ details: checkoutDetails(city), lines: [{ productId: product.id, variantId: variants[1].id, quantity: 2, customTags: [] }], customerId: null, language: "ar" });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect(item).toMatchObject({ variantId: variants[1].id, optionValues: [blue], priceFils: 1500 });
    expect(await stockOf(variants[1].id)).toEqual({ stockQuantity: 4, heldQuantity: 2 });
    expect(await stockOf(variants[0].id)).toEqual({ stockQuantity: 4, heldQuantity: 0 });
    expect(await productStockOf(product.id)).toEqual({ stockQuantity: 8, heldQuantity: 2 });
    // Renaming the option later does not change the order's values.
    await prisma.productVariant.update({ where: { id: variants[1].id }, data: { optionValues: [{ en: "Navy", ar: "كحلي" }] } });
    expect((await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } })).optionValues).toEqual([blue]);
    expect(await releaseReservation(order.id)).toBe(true);
    expect(await stockOf(variants[1].id)).toEqual({ stockQuantity: 6, heldQuantity: 0 });
    expect(await productStockOf(product.id)).toEqual({ stockQuantity: 10, heldQuantity: 0 });
  });

  it("is refused, naming the product, without a variant or with another product's", async () => {
    const city = await createDeliveryArea(prisma);
    const { product } = await clip();
    const other = await clip();
    const input = { details: checkoutDetails(city), customerId: null, language: "en" as const };
    for (const variantId of [undefined, other.variants[0].id]) {
      const refusal = await placeOrder({ ...input, lines: [{ productId: product.id, ...(variantId ? { variantId } : {}), quantity: 1, customTags: [] }] }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(OrderError);
      expect(refusal).toMatchObject({ code: "variantRequired", status: 400, productName: { en: product.nameEn, ar: product.nameAr } });
    }
  });

  it("sells exactly a variant's stock when 30 buyers race for its 3 units, and another variant's stay", async () => {
    const city = await createDeliveryArea(prisma);
    const { product, variants } = await clip(3, 5);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        placeOrder({ details: checkoutDetails(city), lines: [{ productId: product.id, variantId: variants[0].id, quantity: 1, customTags: [] }], customerId: null, language: "ar" }),
      ),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(3);
    expect(results.every((result) => result.status === "fulfilled" || (result.reason instanceof OrderError && result.reason.code === "outOfStock"))).toBe(true);
    expect(await stockOf(variants[0].id)).toEqual({ stockQuantity: 0, heldQuantity: 3 });
    expect(await stockOf(variants[1].id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });
    expect(await productStockOf(product.id)).toEqual({ stockQuantity: 5, heldQuantity: 3 });
  });

  it("counts a client's earlier unpaid order per variant: a second order of the same variant is refused, another variant stays open", async () => {
    const city = await createDeliveryArea(prisma);
    const { product, variants } = await clip(2, 10);
    const input = { details: checkoutDetails(city), customerId: null, language: "en" as const, clientAddress: uniqueAddress() };
    const line = (variantId: string, quantity: number) => [{ productId: product.id, variantId, quantity, customTags: [] }];
    await placeOrder({ ...input, lines: line(variants[0].id, 1) });
    await expect(placeOrder({ ...input, lines: line(variants[0].id, 1) })).rejects.toMatchObject({ code: "heldByUnpaidOrder" });
    await placeOrder({ ...input, lines: line(variants[1].id, 2) });
    expect(await stockOf(variants[0].id)).toEqual({ stockQuantity: 1, heldQuantity: 1 });
  });
});

describe("a paid order of a variant", () => {
  it("shows the chosen values on the invoice, in My Orders and on the admin's order page", async () => {
    const city = await createDeliveryArea(prisma);
    const customer = await createCustomer(prisma);
    const { product, variants } = await clip();
    const placed = await placeOrderAndStartPayment({
      details: checkoutDetails(city),
      lines: [{ productId: product.id, variantId: variants[1].id, quantity: 1, customTags: [] }],
      customerId: customer.id,
      language: "en",
    });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    expect(await stockOf(variants[1].id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });

    const file = path.join(os.tmpdir(), `${placed.order.orderNumber}.pdf`);
    fs.writeFileSync(file, (await getInvoicePdf(placed.order.orderNumber))!);
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
    fs.rmSync(file);
    expect(text).toContain("Blue");
    expect(text).toContain("أزرق");

    const [mine] = (await getOrdersForCustomer(customer.id)).map(orderAsReadJson);
    expect(mine.items[0]).toMatchObject({ variantId: variants[1].id, optionValues: [blue] });
    const view = await getAdminOrderView(placed.order.id, "ar", fixedT("ar"));
    expect(view?.items[0].options).toBe("أزرق");
  });
});

describe("the statements of placing an order (decision 0062)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** Statements (SQLite) or round trips (PostgreSQL: every statement, BEGIN and COMMIT is one) that `place` runs. */
  async function statementsOf(place: () => Promise<unknown>): Promise<number> {
    // On SQLite a statement is prepared once and run many times (decision 0064): its runs are what is counted.
    const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Database.Statement;
    const spies = databaseEngine === "postgresql" ? [vi.spyOn(pg.Client.prototype, "query")] : [vi.spyOn(statement, "run"), vi.spyOn(statement, "all")];
    const counts: number[] = [];
    // The fewer of two: a kept list (delivery areas, settings) may be read again when its time is up.
    for (let run = 0; run < 2; run++) {
      for (const spy of spies) spy.mockClear();
      await place();
      counts.push(spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0));
    }
    for (const spy of spies) spy.mockRestore();
    return Math.min(...counts);
  }

  it("are as many for a variant of twenty as of two, at most one more than for a product without options, and few", async () => {
    const city = await createDeliveryArea(prisma);
    const plain = await createProduct(prisma, { stockQuantity: 50 });
    const values = Array.from({ length: 20 }, (_, index) => ({ en: `C${index}`, ar: `ل${index}` }));
    const twenty = await createProductWithOptions(prisma, [{ nameEn: "Colour", values }], values.map((value) => ({ optionValues: [value], stockQuantity: 50 })));
    const { product, variants } = await clip(50, 50);
    const order = (line: CartLine) => () =>
      placeOrder({ details: checkoutDetails(city), lines: [line], customerId: null, language: "ar", clientAddress: uniqueAddress() });
    const plainLine = { productId: plain.id, quantity: 1, customTags: [] };
    // A first order reads the settings and areas the next ones find kept.
    await order(plainLine)();
    const counts = {
      plain: await statementsOf(order(plainLine)),
      ofTwo: await statementsOf(order({ productId: product.id, variantId: variants[1].id, quantity: 1, customTags: [] })),
      ofTwenty: await statementsOf(order({ productId: twenty.product.id, variantId: twenty.variants[13].id, quantity: 1, customTags: [] })),
    };
    expect(counts.ofTwenty).toBe(counts.ofTwo);
    // The variant's own conditional UPDATE (the oversell guarantee per variant) is one statement more on SQLite; on
    // PostgreSQL it is part of the order's statement.
    expect(counts.ofTwo).toBe(counts.plain + (databaseEngine === "postgresql" ? 0 : 1));
    // SQLite: the pricing, BEGIN, the order, its items, its status, the stock, the caps, COMMIT. PostgreSQL: the
    // pricing, the settings' version, BEGIN, the order with its items, status, locks and stock, the caps, COMMIT.
    // And here the area's own read: the kept list of delivery areas was read before this test made its area.
    expect(counts.plain).toBeLessThanOrEqual(databaseEngine === "postgresql" ? 7 : 9);

    // An order of several lines takes each of its variants' and products' units (in one statement on PostgreSQL).
    const before = await Promise.all([stockOf(variants[0].id), stockOf(twenty.variants[2].id), productStockOf(product.id), productStockOf(twenty.product.id), productStockOf(plain.id)]);
    await placeOrder({
      details: checkoutDetails(city),
      lines: [
        { productId: product.id, variantId: variants[0].id, quantity: 2, customTags: [] },
        { productId: twenty.product.id, variantId: twenty.variants[2].id, quantity: 1, customTags: [] },
        { productId: plain.id, quantity: 3, customTags: [] },
      ],
      customerId: null,
      language: "ar",
      clientAddress: uniqueAddress(),
    });
    const after = await Promise.all([stockOf(variants[0].id), stockOf(twenty.variants[2].id), productStockOf(product.id), productStockOf(twenty.product.id), productStockOf(plain.id)]);
    expect(after.map((row, index) => [before[index].stockQuantity - row.stockQuantity, row.heldQuantity - before[index].heldQuantity])).toEqual([
      [2, 2],
      [1, 1],
      [2, 2],
      [1, 1],
      [3, 3],
    ]);
  });
});
