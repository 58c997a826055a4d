import crypto from "node:crypto";
import type { PrismaClient } from "../../app/generated/prisma/client";

export type CouponOverrides = {
  kind?: "percent" | "fixed";
  /** a percentage, or fils for a fixed amount */
  value?: number;
  minProductsFils?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  freeDelivery?: boolean;
  isEnabled?: boolean;
};

/** A discount code no other test uses (`TEST-1A2B3C4D`), 10 % off unless told. */
export async function createCoupon(db: PrismaClient, overrides: CouponOverrides = {}) {
  const code = `TEST-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
  return db.coupon.create({
    data: {
      code,
      kind: overrides.kind ?? "percent",
      value: overrides.value ?? 10,
      minProductsFils: overrides.minProductsFils ?? null,
      startsAt: overrides.startsAt ?? null,
      endsAt: overrides.endsAt ?? null,
      maxUses: overrides.maxUses ?? null,
      maxUsesPerCustomer: overrides.maxUsesPerCustomer ?? null,
      freeDelivery: overrides.freeDelivery ?? false,
      isEnabled: overrides.isEnabled ?? true,
    },
  });
}
