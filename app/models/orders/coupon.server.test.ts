import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCoupon } from "../../../tests/factories/coupon";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail, uniquePhone } from "../../../tests/factories/unique";
import { checkCoupon, createCoupon as saveCoupon, getCoupon } from "./coupon.server";
import { OrderError, placeOrder, type PlaceOrderInput } from "./order.server";
import { releaseReservation, RESERVATION_MINUTES } from "./stock-hold.server";
import { confirmPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { testProvider } from "~/payments/test-provider.server";
import { CouponSchema } from "~/shared/coupon-schema";
import { couponJson } from "~/api/answers/orders.server";

const DAY = 24 * 60 * 60 * 1000;

function order(city: string, productId: string, quantity: number, couponCode: string | null, contact: { email?: string; phone?: string } = {}): PlaceOrderInput {
  return {
    details: checkoutDetails(city, { email: contact.email ?? uniqueEmail(), phone: contact.phone ?? uniquePhone() }),
    lines: [{ productId, quantity, customTags: [] }],
    customerId: null,
    language: "en",
    couponCode,
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(OrderError);
  return { code: (error as OrderError).code, problem: (error as OrderError).coupon?.problem, status: (error as OrderError).status };
}

async function ordersBy(email: string) {
  return prisma.order.count({ where: { email } });
}

describe("an order with a discount code", () => {
  it("charges the discounted products plus delivery, and keeps the code and the discount on the order", async () => {
    const city = await createDeliveryArea(prisma, 1500);
    const product = await createProduct(prisma, { priceFils: 4250, stockQuantity: 10 });
    const coupon = await createCoupon(prisma, { kind: "percent", value: 20 });
    const placed = await placeOrder(order(city, product.id, 2, `  ${coupon.code.toLowerCase()} `));
    const stored = await prisma.order.findUniqueOrThrow({ where: { id: placed.id } });
    expect(stored).toMatchObject({ subtotalFils: 8500, discountFils: 1700, deliveryFeeFils: 1500, totalFils: 8300, couponCode: coupon.code });
    expect(placed.totalFils).toBe(8300);
    expect((await getCoupon(coupon.id))?.usedCount).toBe(1);
  });

  it("never takes off more than the products, and a free-delivery code drops the fee", async () => {
    const city = await createDeliveryArea(prisma, 2000);
    const product = await createProduct(prisma, { priceFils: 3000, stockQuantity: 10 });
    const coupon = await createCoupon(prisma, { kind: "fixed", value: 5000, freeDelivery: true });
    const placed = await placeOrder(order(city, product.id, 1, coupon.code));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).toMatchObject({ subtotalFils: 3000, discountFils: 3000, deliveryFeeFils: 0, totalFils: 0 });
  });

  it.each([
    ["unknown", {}, "NO-SUCH-CODE", 400],
    ["unknown", { isEnabled: false }, null, 400],
    ["notStarted", { startsAt: new Date(Date.now() + DAY) }, null, 400],
    ["expired", { endsAt: new Date(Date.now() - 1000) }, null, 400],
    ["belowMinimum", { minProductsFils: 10_000 }, null, 400],
    ["usedUp", { maxUses: 0 }, null, 409],
  ] as const)("refuses a code that is %s and places nothing", async (problem, overrides, code, status) => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 2000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma, overrides);
    const email = uniqueEmail();
    expect(await refusal(placeOrder(order(city, product.id, 1, code ?? coupon.code, { email })))).toEqual({ code: "coupon", problem, status });
    expect(await ordersBy(email)).toBe(0);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(5);
  });

  it("counts a customer's uses by e-mail and by phone", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 10 });
    const coupon = await createCoupon(prisma, { maxUsesPerCustomer: 1 });
    const email = uniqueEmail();
    const phone = uniquePhone();
    await placeOrder(order(city, product.id, 1, coupon.code, { email, phone }));
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code, { email: email.toUpperCase() })))).toMatchObject({ problem: "alreadyUsed", status: 409 });
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code, { phone })))).toMatchObject({ problem: "alreadyUsed" });
    expect(await checkCoupon(coupon.code, 5000, { email })).toEqual({ ok: false, problem: "alreadyUsed" });
    await placeOrder(order(city, product.id, 1, coupon.code));
  });

  it("lets one of 20 shoppers racing for the last use have it, and refuses the others without an order", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 100 });
    const coupon = await createCoupon(prisma, { maxUses: 3 });
    await placeOrder(order(city, product.id, 1, coupon.code));
    await placeOrder(order(city, product.id, 1, coupon.code));
    const emails = Array.from({ length: 20 }, () => uniqueEmail("racer"));
    const results = await Promise.allSettled(emails.map((email) => placeOrder(order(city, product.id, 1, coupon.code, { email }))));
    const placed = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason as OrderError] : []));
    expect(placed).toHaveLength(1);
    expect(refused.map((error) => error.coupon?.problem)).toEqual(Array(19).fill("usedUp"));
    expect(await prisma.order.count({ where: { email: { in: emails } } })).toBe(1);
    expect((await getCoupon(coupon.id))?.usedCount).toBe(3);
    expect(await prisma.couponUse.count({ where: { couponId: coupon.id } })).toBe(3);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(97);
  });

  it("lets one customer racing with themselves use a once-per-customer code once", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 50 });
    const coupon = await createCoupon(prisma, { maxUsesPerCustomer: 1 });
    const email = uniqueEmail();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => placeOrder(order(city, product.id, 1, coupon.code, { email }))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await ordersBy(email)).toBe(1);
  });

  it("lets 10 different shoppers racing with a once-per-customer code each use it, and counts 10 uses", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 50 });
    const coupon = await createCoupon(prisma, { maxUsesPerCustomer: 1, maxUses: 10 });
    const emails = Array.from({ length: 10 }, () => uniqueEmail("shopper"));
    const results = await Promise.allSettled(emails.map((email) => placeOrder(order(city, product.id, 1, coupon.code, { email }))));
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    expect((await getCoupon(coupon.id))?.usedCount).toBe(10);
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code)))).toMatchObject({ problem: "usedUp" });
  });

  it("refuses a code on the next order once it is switched off, changed or deleted, though the codes are kept in memory", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 2000, stockQuantity: 10 });
    const coupon = await createCoupon(prisma, { kind: "percent", value: 10 });
    expect(await checkCoupon(coupon.code, 2000)).toMatchObject({ ok: true, coupon: { value: 10 } });
    // Written as another server of the shop would: straight to the database, nothing of this process told.
    await prisma.coupon.update({ where: { id: coupon.id }, data: { value: 25 } });
    const placed = await placeOrder(order(city, product.id, 1, coupon.code));
    expect((await prisma.order.findUniqueOrThrow({ where: { id: placed.id } })).discountFils).toBe(500);
    await prisma.coupon.update({ where: { id: coupon.id }, data: { isEnabled: false } });
    const email = uniqueEmail();
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code, { email })))).toMatchObject({ problem: "unknown" });
    await prisma.coupon.update({ where: { id: coupon.id }, data: { isEnabled: true, maxUses: 1 } });
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code, { email })))).toMatchObject({ problem: "usedUp" });
    await prisma.coupon.delete({ where: { id: coupon.id } });
    expect(await checkCoupon(coupon.code, 2000)).toEqual({ ok: false, problem: "unknown" });
    expect(await ordersBy(email)).toBe(0);
  });

  it("gives the use back when an unpaid order's hold is released", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const coupon = await createCoupon(prisma, { maxUses: 1 });
    const first = await placeOrder(order(city, product.id, 1, coupon.code));
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code)))).toMatchObject({ problem: "usedUp" });
    expect(await releaseReservation(first.id)).toBe(true);
    expect((await getCoupon(coupon.id))?.usedCount).toBe(0);
    await placeOrder(order(city, product.id, 1, coupon.code));
  });

  it("stops counting an unpaid order's use once its hold has ended, before the timer releases it, while a paid order's use stays", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 10 });
    const coupon = await createCoupon(prisma, { maxUses: 2, maxUsesPerCustomer: 1 });
    const email = uniqueEmail();
    const phone = uniquePhone();
    const paid = await placeOrderAndStartPayment(order(city, product.id, 1, coupon.code));
    const attempt = await prisma.payment.findUniqueOrThrow({ where: { id: paid.orderSessionId } });
    await testProvider.submitCard(attempt.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(paid.orderSessionId))?.state).toBe("paid");
    const expired = await placeOrder(order(city, product.id, 1, coupon.code, { email, phone }), new Date(Date.now() - (RESERVATION_MINUTES + 1) * 60_000));
    // The hold ran out a minute ago and the timer has not released it yet: the order is still unpaid.
    expect((await prisma.order.findUniqueOrThrow({ where: { id: expired.id } })).paymentStatus).toBe("unpaid");

    expect(await checkCoupon(coupon.code, 5000, { email, phone })).toMatchObject({ ok: true });
    // The same customer (once per customer) takes the use the expired order held; the paid order's use still counts.
    await placeOrder(order(city, product.id, 1, coupon.code, { email, phone }));
    expect(await refusal(placeOrder(order(city, product.id, 1, coupon.code)))).toMatchObject({ problem: "usedUp", status: 409 });
    expect(await checkCoupon(coupon.code, 5000)).toEqual({ ok: false, problem: "usedUp" });
  });
});

describe("the owner's codes", () => {
  it("stores codes in upper case, Kuwait days as instants, and refuses the same code in another case", async () => {
    const value = CouponSchema.parse({ code: "eid-2026", kind: "fixed", value: "1.5", startsOn: "2026-12-01", endsOn: "2026-12-03", maxUses: 100, freeDelivery: false, isEnabled: true });
    const saved = await saveCoupon(value);
    if (!saved.ok) throw new Error("not saved");
    const json = couponJson((await getCoupon(saved.id))!);
    expect(json).toMatchObject({ code: "EID-2026", kind: "fixed", value: 1.5, startsOn: "2026-12-01", endsOn: "2026-12-03", maxUses: 100, usedCount: 0 });
    const stored = await prisma.coupon.findUniqueOrThrow({ where: { id: saved.id } });
    expect(stored.startsAt?.toISOString()).toBe("2026-11-30T21:00:00.000Z");
    expect(stored.endsAt?.toISOString()).toBe("2026-12-03T21:00:00.000Z");
    expect(await saveCoupon({ ...value, code: "EID-2026" })).toEqual({ ok: false, reason: "duplicateCode" });
    await prisma.coupon.delete({ where: { id: saved.id } });
  });

  it("reads a percentage, limits and amounts typed on an Arabic or Persian keyboard as their digits (probe 9)", () => {
    const typed = CouponSchema.safeParse({ code: "EID", kind: "percent", value: "٢٠", maxUses: "٣", maxUsesPerCustomer: "۱", minProductsTotal: "٥٫٥", freeDelivery: false, isEnabled: true });
    expect(typed.success && typed.data).toMatchObject({ value: "20", maxUses: "3", maxUsesPerCustomer: "1" });
  });

  it.each([
    [{ kind: "percent", value: "101" }, "value", "admin.coupons.validation.percentInvalid"],
    [{ kind: "fixed", value: "0" }, "value", "admin.coupons.validation.amountInvalid"],
    [{ code: "a b" }, "code", "admin.coupons.validation.codeInvalid"],
    [{ startsOn: "2026-12-05", endsOn: "2026-12-01" }, "endsOn", "admin.coupons.validation.endBeforeStart"],
    [{ maxUses: "0" }, "maxUses", "admin.coupons.validation.usesInvalid"],
  ])("refuses %o", (overrides, field, message) => {
    const result = CouponSchema.safeParse({ code: "GOOD", kind: "percent", value: "10", freeDelivery: false, isEnabled: true, ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
