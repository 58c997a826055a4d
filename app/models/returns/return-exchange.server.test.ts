/**
 * An exchange for another size or colour (issue 32 with variants, decision 0060) on both engines: the wanted variant
 * is checked when asked (same product, not hidden), kept with its values, and the exchange order sells from it; a
 * dearer one is an unpaid order of the difference, held 48 hours, paid through the payment page (decision 0061).
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { createProductWithOptions } from "../../../tests/factories/product";
import { beginAttempt, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails, createOrder } from "../../../tests/factories/order";
import { uniqueEmail } from "../../../tests/factories/unique";
import { testProvider } from "~/payments/test-provider.server";
import { EXCHANGE_HOLD_HOURS } from "~/shared/returns";
import { drawMail } from "~/models/jobs/index.server";
import { confirmPayment, expireReservations, getCreditNotePdf, placeOrderAndStartPayment, testAttemptToPay, verifyOrderPayment } from "~/models/payments/index.server";
import { getInvoicePdf } from "~/models/orders/index.server";
import { decideReturn } from "./return-decision.server";
import { returnPageView } from "./return-request.server";
import { ReturnError, requestReturn as storeReturnRequest, type RequestReturnInput, returnsOfOrders } from "./return.server";
import { returnReadJson } from "~/api/answers/returns.server";
import { decide } from "~/admin/return-action.server";
import { bilingual } from "~/i18n/bilingual.server";

/** The return as the shopper's answer reads it (app/api shapes what the model stores). */
const requestReturn = async (input: RequestReturnInput) => returnReadJson(await storeReturnRequest(input));

const { gateways } = await startModelFakes();
// The exchange's difference is paid on the test provider's card page, as the shop's journeys pay.
beforeAll(() => useProviderForNewOrders("test"));
const admin = { email: "owner@example.com" };
const [small, medium, large] = [
  { en: "S", ar: "ص" },
  { en: "M", ar: "م" },
  { en: "L", ar: "ك" },
];
const SIZE = { nameEn: "Size", nameAr: "المقاس", values: [small, medium, large] };

/** A dress in S and M at 5.000 KD and L at 6.000 KD, and a delivered order of one S. */
async function orderOfSmall(options: { discountFils?: number; language?: string } = {}) {
  const dress = await createProductWithOptions(prisma, [SIZE], [
    { optionValues: [small], priceFils: 5000, stockQuantity: 3 },
    { optionValues: [medium], priceFils: 5000, stockQuantity: 2 },
    { optionValues: [large], priceFils: 6000, stockQuantity: 2 },
  ]);
  const order = await createOrder(prisma, {
    status: "delivered",
    discountFils: options.discountFils ?? 0,
    couponCode: options.discountFils ? "SAVE" : null,
    items: [{ nameEn: "Dress", nameAr: "فستان", priceFils: 5000, quantity: 1, productId: dress.product.id }],
  });
  await prisma.orderItem.updateMany({ where: { orderId: order.id }, data: { variantId: dress.variants[0].id, optionValues: [small] } });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date(), language: options.language ?? "en" } });
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

  it("names its credit on the invoice in both languages, never as a nameless discount (issue 43)", async () => {
    const { order, dress } = await orderOfSmall({ language: "ar" });
    const made = await requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "exchange",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[1].id }],
    });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    const exchange = await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! } });
    const file = path.join(os.tmpdir(), `${exchange.orderNumber}.pdf`);
    fs.writeFileSync(file, (await getInvoicePdf(exchange.orderNumber))!);
    // Without the invisible direction marks poppler and the invoice add (issue 18).
    const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");
    fs.rmSync(file);
    for (const expected of ["Exchange credit: -5.00 KD", "رصيد الاستبدال: -٥٫٠٠ د.ك", `Exchange for order ${order.orderNumber}`, `استبدال للطلب ${order.orderNumber}`]) {
      expect(text).toContain(expected);
    }
    for (const nameless of ["Discount (", "الخصم (", "ملاحظات"]) expect(text).not.toContain(nameless);
  });

  it("refuses a variant of another product, and (at the decision) one hidden since", async () => {
    const { order, dress } = await orderOfSmall();
    const other = await orderOfSmall();
    const line = { productId: dress.product.id, quantity: 1, reason: "wrongSize" as const };
    const ask = (exchangeVariantId: string) => requestReturn({ orderNumber: order.orderNumber, phone: order.phone, resolution: "exchange", items: [{ ...line, exchangeVariantId }] });
    expect(await refusal(ask(other.dress.variants[1].id))).toEqual({ reason: "badVariant", status: 409 });
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

describe("what an exchange may ask for (issue 43)", () => {
  it("offers only the other variants for sale now, and refuses a sold-out one when asked", async () => {
    const { order, dress } = await orderOfSmall();
    const [, m, l] = dress.variants;
    // The last M is held by someone's unpaid order: on hand, but not for sale.
    await prisma.productVariant.update({ where: { id: m.id }, data: { stockQuantity: 0, heldQuantity: 2 } });
    const view = await returnPageView(order.orderNumber, { customerId: null, phone: order.phone, address: "test" });
    expect(view.kind === "found" && view.lines[0].variants.map((variant) => variant.id)).toEqual([l.id]);
    const ask = (exchangeVariantId: string) =>
      requestReturn({ orderNumber: order.orderNumber, phone: order.phone, resolution: "exchange", items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId }] });
    expect(await refusal(ask(m.id))).toEqual({ reason: "variantSoldOut", status: 409 });
    expect(await prisma.return.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("refuses another variant with a refund instead of dropping it, and changes nothing", async () => {
    const { order, dress } = await orderOfSmall();
    const asked = requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "refund",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[1].id }],
    });
    expect(await refusal(asked)).toEqual({ reason: "variantWithRefund", status: 400 });
    expect(await prisma.return.count({ where: { orderId: order.id } })).toBe(0);
    expect((await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } })).returnedQuantity).toBe(0);
  });

  it("sends the shopper a confirmation in the order's language and the owner a notice of what comes back and what is wanted", async () => {
    const { order, dress } = await orderOfSmall({ language: "ar" });
    const made = await requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "exchange",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[1].id }],
    });
    const shopper = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, kind: "returnDecision", channel: "email" } });
    expect(shopper).toMatchObject({ language: "ar", recipient: order.email });
    const confirmation = (await drawMail(shopper))!.mail;
    expect(confirmation.text).toContain("استلمنا طلب الإرجاع");
    expect(confirmation.text).toContain(made.number);
    const owner = await prisma.outboxMessage.findFirstOrThrow({ where: { kind: "mail", params: { contains: made.number } } });
    expect(owner.recipient).toBe(getEnv().ownerEmail);
    const notice = (await drawMail(owner))!.mail;
    expect(notice.subject).toContain(made.number);
    expect(notice.text).toContain("1 × Dress, reason: Wrong size or colour (wants instead: M)");
    expect(notice.text).toContain("١ × فستان، السبب:");
    expect(notice.text).toContain(`/admin/timsar/returns/${made._id}`);
  });
});

/** A return of the S for the L (6.000 KD), received and ready for the owner's `exchanged`. */
async function askedForLarge(options: { discountFils?: number; language?: string } = {}) {
  const { order, dress } = await orderOfSmall(options);
  const made = await requestReturn({
    orderNumber: order.orderNumber,
    phone: order.phone,
    resolution: "exchange",
    items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[2].id }],
  });
  await decideReturn({ id: made._id, status: "approved", admin });
  await decideReturn({ id: made._id, status: "received", admin, restock: false });
  return { order, dress, made, large: dress.variants[2] };
}

const heldOf = async (id: string) => {
  const row = await prisma.productVariant.findUniqueOrThrow({ where: { id }, select: { stockQuantity: true, heldQuantity: true } });
  return [row.stockQuantity, row.heldQuantity];
};

describe("an exchange for a dearer variant (decision 0061)", () => {
  it("is an unpaid order due the difference from what was really paid, its unit held, and the message links to its payment page", async () => {
    // The S cost 5.000 KD less 0.500 KD of a discount code: 4.500 KD paid, so the L at 6.000 KD is due 1.500 KD.
    const { order, made, large } = await askedForLarge({ discountFils: 500, language: "ar" });
    const decidedAt = Date.now();
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    const exchange = await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! }, include: { items: true, payments: true } });
    expect(exchange).toMatchObject({ subtotalFils: 6000, discountFils: 4500, deliveryFeeFils: 0, totalFils: 1500, paymentStatus: "unpaid", paidAt: null, language: "ar" });
    expect(exchange.reservedUntil!.getTime() - decidedAt).toBeGreaterThan((EXCHANGE_HOLD_HOURS * 60 - 1) * 60_000);
    expect(exchange.items.map((item) => [item.variantId, item.priceFils, item.quantity])).toEqual([[large.id, 6000, 1]]);
    expect(await heldOf(large.id)).toEqual([1, 1]);
    // One payment session, of the difference, payable at once with the test provider.
    expect(exchange.payments).toHaveLength(1);
    const [session] = exchange.payments;
    expect(session).toMatchObject({ amountFils: 1500, provider: "test", status: "initiated" });
    expect(session.providerPaymentId).toBeTruthy();

    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id, kind: "returnDecision" }, orderBy: { createdAt: "asc" } });
    const row = rows.find((candidate) => JSON.parse(candidate.params).status === "exchanged")!;
    expect(JSON.parse(row.params)).toMatchObject({ dueFils: 1500, exchangeOrderNumber: exchange.orderNumber, payPath: `/payment?orderSessionId=${session.id}` });
    const drawn = await drawMail(row);
    expect(drawn!.mail.text).toContain(`http://shop.test/payment?orderSessionId=${session.id}`);
    expect(drawn!.mail.text).toContain("يرجى دفع الفرق");
    expect(drawn!.mail.html).toContain(`href="http://shop.test/payment?orderSessionId=${session.id}"`);

    const [shown] = (await returnsOfOrders([order.id])).get(order.id)!;
    expect(shown.exchangeOrder).toEqual({ orderNumber: exchange.orderNumber, amountDue: 1.5, paymentStatus: "unpaid", payUrl: `/payment?orderSessionId=${session.id}` });

    // Paid as the payment page pays: the order is confirmed as any paid order, its held unit sold.
    const attempt = await testAttemptToPay(session.id);
    await testProvider.submitCard(attempt!.providerPaymentId, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(attempt!.paymentId))?.state).toBe("paid");
    expect(await prisma.order.findUniqueOrThrow({ where: { id: exchange.id } })).toMatchObject({ paymentStatus: "paid", reservedUntil: null });
    expect(await heldOf(large.id)).toEqual([1, 0]);
    expect(await prisma.outboxMessage.count({ where: { orderId: exchange.id, kind: "paid" } })).toBeGreaterThan(0);
    const [after] = (await returnsOfOrders([order.id])).get(order.id)!;
    expect(after.exchangeOrder).toMatchObject({ paymentStatus: "paid", payUrl: null });
    // The returned item's money stays with the shop: an exchange refunds nothing.
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(0);
  });

  it("is made once when exchanged is decided twice at once", async () => {
    const { order, made, large } = await askedForLarge();
    const outcomes = await Promise.allSettled([1, 2].map(() => decideReturn({ id: made._id, status: "exchanged", admin })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const exchanges = await prisma.order.findMany({ where: { exchangeForOrderNumber: order.orderNumber }, include: { payments: true } });
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]).toMatchObject({ totalFils: 1000 });
    expect(exchanges[0].payments).toHaveLength(1);
    expect(await heldOf(large.id)).toEqual([1, 1]);
  });

  it("keeps its unit held past the checkout's 15 minutes, then gives it back if never paid", async () => {
    const { made, large } = await askedForLarge();
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    await expireReservations(new Date(Date.now() + 20 * 60_000));
    expect(await heldOf(large.id)).toEqual([1, 1]);
    await expireReservations(new Date(Date.now() + (EXCHANGE_HOLD_HOURS + 1) * 3_600_000));
    expect(await heldOf(large.id)).toEqual([2, 0]);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! } })).toMatchObject({ paymentStatus: "failed" });
    const [shown] = (await returnsOfOrders([done.order.id])).get(done.order.id)!;
    expect(shown.exchangeOrder).toMatchObject({ paymentStatus: "failed", payUrl: null });
  });
});

describe("a later return of an item received in an exchange (probe 6, items 5 and 7; decision 0110)", () => {
  /** The exchange order, delivered, and its item asked back for a refund and received. */
  async function exchangeItemBack(exchangeOrderId: string) {
    await prisma.order.update({ where: { id: exchangeOrderId }, data: { status: "delivered", deliveredAt: new Date() } });
    const exchange = await prisma.order.findUniqueOrThrow({ where: { id: exchangeOrderId }, include: { items: true } });
    const back = await requestReturn({
      orderNumber: exchange.orderNumber,
      phone: exchange.phone,
      resolution: "refund",
      items: [{ orderItemId: exchange.items[0].id, quantity: 1, reason: "changedMind" }],
    });
    await decideReturn({ id: back._id, status: "approved", admin });
    await decideReturn({ id: back._id, status: "received", admin, restock: false });
    return back;
  }

  /** S (5.000 KD less 0.500 KD of a code: 4.500 KD paid) exchanged for M at no charge. */
  async function freeExchange() {
    const { order, dress } = await orderOfSmall({ discountFils: 500 });
    const made = await requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "exchange",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[1].id }],
    });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    return { order, exchangeOrderId: done.exchangeOrderId! };
  }

  it("of a free exchange is worth what the first order paid for the item, refunded through the first order's payment", async () => {
    const { order, exchangeOrderId } = await freeExchange();
    const back = await exchangeItemBack(exchangeOrderId);
    expect(back.refundAmount).toBe(4.5);
    const done = await decideReturn({ id: back._id, status: "refunded", admin });
    expect(done).toMatchObject({ status: "refunded", refundFils: 4500 });
    const first = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(first.refundedFils).toBe(4500);
    expect(first.totalFils - first.refundedFils).toBe(first.deliveryFeeFils);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: exchangeOrderId } })).refundedFils).toBe(0);
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds.map((refund) => [refund.amountFils, refund.status])).toEqual([[4500, "refunded"]]);
  });

  it("of a dearer exchange is worth its price: the difference back on its own payment, the rest on the first order's", async () => {
    const { order, made } = await askedForLarge({ discountFils: 500 });
    const done = await decideReturn({ id: made._id, status: "exchanged", admin });
    const [session] = await prisma.payment.findMany({ where: { orderId: done.exchangeOrderId! } });
    const attempt = await testAttemptToPay(session.id);
    await testProvider.submitCard(attempt!.providerPaymentId, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(attempt!.paymentId))?.state).toBe("paid");
    const back = await exchangeItemBack(done.exchangeOrderId!);
    expect(back.refundAmount).toBe(6);
    expect(await decideReturn({ id: back._id, status: "refunded", admin })).toMatchObject({ status: "refunded", refundFils: 6000 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! } })).refundedFils).toBe(1500);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(4500);
  });

  it.each([
    ["refused", "refuse", "gatewayRefused"],
    ["never answered", "drop", "gatewayUnavailable"],
  ] as const)("sends only what is left when the first order's part was %s: one refund each, both credit notes name the return", { timeout: 60_000 }, async (_, failure, reason) => {
    // The S bought at 5.000 KD and paid at Tap; the L at 6.000 KD due 1.000 KD more, paid on the test provider's page.
    const dress = await createProductWithOptions(prisma, [SIZE], [
      { optionValues: [small], priceFils: 5000, stockQuantity: 3 },
      { optionValues: [large], priceFils: 6000, stockQuantity: 2 },
    ]);
    useProviderForNewOrders("tap");
    const city = await createDeliveryArea(prisma, 1000);
    const placed = await placeOrderAndStartPayment({
      details: checkoutDetails(city, { email: uniqueEmail() }),
      lines: [{ productId: dress.product.id, variantId: dress.variants[0].id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "en",
    });
    const attempt = await beginAttempt(placed.orderSessionId);
    const back = await gateways.tap.decide(attempt.redirectUrl, "approve");
    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("paid");
    const order = await prisma.order.update({ where: { id: placed.order.id }, data: { status: "delivered", deliveredAt: new Date() } });
    useProviderForNewOrders("test");
    const made = await requestReturn({
      orderNumber: order.orderNumber,
      phone: order.phone,
      resolution: "exchange",
      items: [{ productId: dress.product.id, quantity: 1, reason: "wrongSize", exchangeVariantId: dress.variants[1].id }],
    });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    const exchangeOrderId = (await decideReturn({ id: made._id, status: "exchanged", admin })).exchangeOrderId!;
    const [session] = await prisma.payment.findMany({ where: { orderId: exchangeOrderId } });
    const paying = await testAttemptToPay(session.id);
    await testProvider.submitCard(paying!.providerPaymentId, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(paying!.paymentId))?.state).toBe("paid");
    const itemBack = await exchangeItemBack(exchangeOrderId);
    expect(itemBack.refundAmount).toBe(6);

    // 1.000 KD back on the exchange's payment, then Tap refuses the first order's 5.000 KD, or its answer is lost.
    gateways.tap.failNext(failure);
    await expect(decideReturn({ id: itemBack._id, status: "refunded", admin })).rejects.toMatchObject({ reason });
    const refundedOf = async (id: string) => (await prisma.order.findUniqueOrThrow({ where: { id } })).refundedFils;
    expect([await refundedOf(exchangeOrderId), await refundedOf(order.id)]).toEqual([1000, failure === "refuse" ? 0 : 5000]);
    expect(await prisma.return.findUniqueOrThrow({ where: { id: itemBack._id } })).toMatchObject({ status: "received", claimedUntil: null });

    // The owner tries again: only the 5.000 KD left is sent (or the lost one settled), the return reads the whole 6.000 KD.
    expect(await decideReturn({ id: itemBack._id, status: "refunded", admin })).toMatchObject({ status: "refunded", refundFils: 6000 });
    expect([await refundedOf(exchangeOrderId), await refundedOf(order.id)]).toEqual([1000, 5000]);
    expect([gateways.tap.refundedFils(attempt.providerPaymentId), gateways.tap.refundsRecorded(attempt.providerPaymentId)]).toEqual([5000, 1]);
    const refunds = await prisma.refund.findMany({ where: { returnId: itemBack._id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((refund) => [refund.orderId, refund.amountFils, refund.status])).toEqual([
      [exchangeOrderId, 1000, "refunded"],
      ...(failure === "refuse" ? [[order.id, 5000, "failed"]] : []),
      [order.id, 5000, "refunded"],
    ]);

    // Each part's credit note names the return and the dress; the first order's states no price of the exchange's.
    const notes = await prisma.creditNote.findMany({ where: { refundId: { in: refunds.map((refund) => refund.id) } } });
    expect(notes.map((note) => [note.orderId, note.amountFils]).sort()).toEqual([[exchangeOrderId, 1000], [order.id, 5000]].sort());
    for (const note of notes) {
      const file = path.join(os.tmpdir(), `${note.number}.pdf`);
      fs.writeFileSync(file, (await getCreditNotePdf(note.id))!);
      const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString().replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");
      fs.rmSync(file);
      expect(text).toContain(`For return ${itemBack.number}, the items returned:`);
      expect(text).toContain(`عن الإرجاع ${itemBack.number}`);
      expect(text.includes("Items' price")).toBe(note.orderId === exchangeOrderId);
    }
  });

  it("never refunds more than stays paid across both orders: 409 in both languages, nothing refunded", async () => {
    const { order, exchangeOrderId } = await freeExchange();
    const back = await exchangeItemBack(exchangeOrderId);
    // The first order's products were refunded already (the owner refunded them by hand).
    await prisma.order.update({ where: { id: order.id }, data: { refundedFils: 4000 } });
    const member = { id: "staff-1", email: "staff@example.com", role: "owner", sessionId: "s", requestId: null };
    expect(await decide(back._id, { status: "refunded" }, member)).toEqual({ ok: false, status: 409, key: "admin.returns.errors.overRefund" });
    const message = bilingual("admin.returns.errors.overRefund");
    expect(message).toContain("received in an exchange");
    expect(message).toContain("استبدال");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(4000);
    expect(await prisma.refund.count({ where: { orderId: { in: [order.id, exchangeOrderId] } } })).toBe(0);
    expect((await prisma.return.findUniqueOrThrow({ where: { id: back._id } })).status).toBe("received");
  });
});
