import { describe, expect, it } from "vitest";
import { couponDiscountFils, orderTotals } from "./order-totals";

describe("order totals", () => {
  it.each([
    // [kind, value, products total, discount]
    ["percent", 10, 12_500, 1_250],
    ["percent", 15, 3_330, 490], // 499.5 fils, rounded down to 0.49 KD
    ["percent", 100, 4_000, 4_000],
    ["fixed", 2_000, 12_500, 2_000],
    ["fixed", 5_000, 3_000, 3_000], // never more than the products
  ] as const)("%s %d on %d fils takes off %d", (kind, value, products, discount) => {
    expect(couponDiscountFils({ kind, value, freeDelivery: false }, products)).toBe(discount);
  });

  it("adds the delivery fee to the discounted products, and says what free delivery still needs", () => {
    const totals = orderTotals({ productsTotalFils: 10_000, deliveryFeeFils: 1_500, coupon: { kind: "fixed", value: 1_000, freeDelivery: false }, freeDeliveryFromFils: 15_000 });
    expect(totals).toEqual({ productsTotalFils: 10_000, discountFils: 1_000, deliveryFeeFils: 1_500, totalFils: 10_500, freeDelivery: false, missingForFreeDeliveryFils: 6_000 });
  });

  it("makes delivery free from the threshold, counted after the discount", () => {
    const base = { deliveryFeeFils: 1_500, freeDeliveryFromFils: 15_000 };
    expect(orderTotals({ ...base, productsTotalFils: 15_000, coupon: null })).toMatchObject({ deliveryFeeFils: 0, totalFils: 15_000, freeDelivery: true, missingForFreeDeliveryFils: null });
    const discounted = orderTotals({ ...base, productsTotalFils: 15_000, coupon: { kind: "percent", value: 10, freeDelivery: false } });
    expect(discounted).toMatchObject({ discountFils: 1_500, deliveryFeeFils: 1_500, totalFils: 15_000, missingForFreeDeliveryFils: 1_500 });
  });

  it("gives free delivery with a free-delivery code, before an area is chosen too", () => {
    const totals = orderTotals({ productsTotalFils: 2_000, deliveryFeeFils: null, coupon: { kind: "fixed", value: 0, freeDelivery: true }, freeDeliveryFromFils: null });
    expect(totals).toMatchObject({ discountFils: 0, deliveryFeeFils: 0, totalFils: 2_000, freeDelivery: true, missingForFreeDeliveryFils: null });
  });

  it("leaves the fee open until an area is chosen, with no threshold set", () => {
    expect(orderTotals({ productsTotalFils: 2_000, deliveryFeeFils: null, coupon: null, freeDeliveryFromFils: null })).toMatchObject({ deliveryFeeFils: null, totalFils: 2_000, missingForFreeDeliveryFils: null });
  });
});
