import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCoupon } from "../../../tests/factories/coupon";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueId } from "../../../tests/factories/unique";
import { COUPON_FAILURES_PER_WINDOW, COUPON_FAILURES_WINDOW_SECONDS, giveBackCouponAttempt, takeCouponAttempt, withCouponAttempt } from "./coupon-attempts.server";
import { placeOrder } from "./order.server";

function orderWith(city: string, productId: string, couponCode: string) {
  return () => placeOrder({ details: checkoutDetails(city), lines: [{ productId, quantity: 1, customTags: [] }], customerId: null, language: "en", couponCode });
}

describe("a client's budget of wrong discount codes", () => {
  it("lets exactly 10 codes of a concurrent burst be looked up, and refuses the rest without placing anything", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 40 });
    const address = uniqueId("203.0.113");
    const outcomes = await Promise.allSettled(
      Array.from({ length: 2 * COUPON_FAILURES_PER_WINDOW }, (_, index) => withCouponAttempt(address, `GUESS-${index}`, orderWith(city, product.id, `GUESS-${index}`))),
    );
    const looked = outcomes.filter((outcome) => outcome.status === "rejected");
    const refused = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" && "refused" in outcome.value ? [outcome.value.refused] : []));
    expect(looked).toHaveLength(COUPON_FAILURES_PER_WINDOW);
    for (const outcome of looked) expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: "coupon", coupon: { problem: "unknown" } });
    expect(refused).toHaveLength(COUPON_FAILURES_PER_WINDOW);
    for (const result of refused) expect(result.retryAfterSeconds).toBeLessThanOrEqual(COUPON_FAILURES_WINDOW_SECONDS);
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);
  });

  it("gives a usable code's attempt back, so a real shopper is never stopped by using a code", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 40 });
    const coupon = await createCoupon(prisma);
    const address = uniqueId("198.51.100");
    for (let index = 0; index < COUPON_FAILURES_PER_WINDOW - 1; index++) {
      await expect(withCouponAttempt(address, "NO-SUCH-CODE", orderWith(city, product.id, "NO-SUCH-CODE"))).rejects.toMatchObject({ code: "coupon" });
    }
    for (let index = 0; index < 3; index++) {
      const outcome = await withCouponAttempt(address, coupon.code, orderWith(city, product.id, coupon.code));
      expect(outcome).toMatchObject({ placed: { orderNumber: expect.stringMatching(/^ORD-/) } });
    }
    // One wrong code is still left, then none.
    await expect(withCouponAttempt(address, "NO-SUCH-CODE", orderWith(city, product.id, "NO-SUCH-CODE"))).rejects.toMatchObject({ code: "coupon" });
    expect(await withCouponAttempt(address, coupon.code, orderWith(city, product.id, coupon.code))).toMatchObject({ refused: { allowed: false } });
  });

  it("gives back only within a running window, and never below nothing", async () => {
    const address = uniqueId("192.0.2");
    await giveBackCouponAttempt(address);
    expect((await takeCouponAttempt(address)).remaining).toBe(COUPON_FAILURES_PER_WINDOW - 1);
    await giveBackCouponAttempt(address);
    await giveBackCouponAttempt(address);
    expect((await takeCouponAttempt(address)).remaining).toBe(COUPON_FAILURES_PER_WINDOW - 1);
    const later = new Date(Date.now() + (COUPON_FAILURES_WINDOW_SECONDS + 1) * 1000);
    await giveBackCouponAttempt(address, later);
    expect((await takeCouponAttempt(address, later)).remaining).toBe(COUPON_FAILURES_PER_WINDOW - 1);
  });
});
