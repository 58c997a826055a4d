/**
 * An exchange for another size or colour (issue 32 with variants, decision 0060) on both engines: the wanted variant
 * is checked when asked (same product, not hidden), kept with its values, and the exchange order sells from it.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../tests/integration/model-fakes";
import { createOrder } from "../../tests/factories/order";
import { createProductWithOptions } from "../../tests/factories/product";
import { decideReturn } from "./return-decision.server";
import { ReturnError, requestReturn } from "./return.server";

await startModelFakes();
const admin = { email: "owner@example.com" };
const [small, medium, large] = [
  { en: "S", ar: "ص" },
  { en: "M", ar: "م" },
  { en: "L", ar: "ك" },
];
const SIZE = { nameEn: "Size", nameAr: "المقاس", values: [small, medium, large] };

/** A dress in S and M at 5.000 KD and L at 6.000 KD, and a delivered order of one S. */
async function orderOfSmall() {
  const dress = await createProductWithOptions(prisma, [SIZE], [
    { optionValues: [small], priceFils: 5000, stockQuantity: 3 },
    { optionValues: [medium], priceFils: 5000, stockQuantity: 2 },
    { optionValues: [large], priceFils: 6000, stockQuantity: 2 },
  ]);
  const order = await createOrder(prisma, { status: "delivered", items: [{ nameEn: "Dress", nameAr: "فستان", priceFils: 5000, quantity: 1, productId: dress.product.id }] });
  await prisma.orderItem.updateMany({ where: { orderId: order.id }, data: { variantId: dress.variants[0].id, optionValues: [small] } });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
  await prisma.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
  return { order, dress };
}

const stockOf = async (id: string) => (await prisma.productVariant.findUniqueOrThrow({ where: { id } })).stockQuantity;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReturnError);
  return { reason: (error as ReturnError).reason, status: (error as ReturnError).status };
}

describe("an exchange for another variant", () => {
  it("swaps size S for M of the same price: a free order of M, its unit sold from M and the product, S untouched", async () => {
    const { order, dress } = await orderOfSmall();
    const [s, m] = dress.variants;
    const made = await requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "exchange",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: m.id }],
    });
    expect(made.items[0]).toMatchObject({ exchangeVariantId: m.id, exchangeOptionValues: [medium] });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    const productBefore = (await prisma.product.findUniqueOrThrow({ where: { id: dress.product.id } })).stockQuantity;
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    const exchange = await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! }, include: { items: true } });
    expect(exchange).toMatchObject({ totalFils: 0, subtotalFils: 5000, discountFils: 5000, paymentStatus: "paid" });
    expect(exchange.items.map((item) => [item.productId, item.variantId, item.optionValues, item.priceFils, item.quantity])).toEqual([[dress.product.id, m.id, [medium], 5000, 1]]);
    expect([await stockOf(s.id), await stockOf(m.id)]).toEqual([3, 1]);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: dress.product.id } })).stockQuantity).toBe(productBefore - 1);
  });

  it("refuses a variant of another product, and (at the decision) a dearer one or one hidden since", async () => {
    const { order, dress } = await orderOfSmall();
    const other = await orderOfSmall();
    const line = { productId: dress.product.id, quantity: 1, reason: "wrongSize" as const };
    const ask = (exchangeVariantId: string) => requestReturn({ orderNumber: order.orderNumber, phone: order.phone, resolution: "exchange", items: [{ ...line, exchangeVariantId }] });
    expect(await refusal(ask(other.dress.variants[1].id))).toEqual({ reason: "badVariant", status: 409 });
    const dearer = await ask(dress.variants[2].id);
    await decideReturn({ id: dearer._id, status: "approved", admin });
    await decideReturn({ id: dearer._id, status: "received", admin, restock: false });
    expect(await refusal(decideReturn({ id: dearer._id, status: "exchanged", admin }))).toEqual({ reason: "dearerVariant", status: 409 });
    expect(await stockOf(dress.variants[2].id)).toBe(2);
    const otherMade = await requestReturn({
      orderNumber: other.order.orderNumber,
      phone: other.order.phone,
      resolution: "exchange",
      items: [{ productId: other.dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: other.dress.variants[1].id }],
    });
    await prisma.productVariant.update({ where: { id: other.dress.variants[1].id }, data: { isHidden: true } });
    await decideReturn({ id: otherMade._id, status: "approved", admin });
    await decideReturn({ id: otherMade._id, status: "received", admin, restock: false });
    expect(await refusal(decideReturn({ id: otherMade._id, status: "exchanged", admin }))).toEqual({ reason: "badVariant", status: 409 });
  });
});
