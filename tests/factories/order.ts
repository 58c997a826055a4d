import type { PrismaClient } from "../../app/generated/prisma/client";
import type { CheckoutDetails } from "../../app/shared/checkout-schema";
import { FIXTURE_IMAGE } from "./product";
import { uniqueOrderNumber, uniquePhone } from "./unique";

type OrderItem = {
  nameEn: string;
  nameAr: string;
  priceFils: number;
  quantity: number;
  customTags?: { titleEn: string; titleAr: string; value: string }[];
  imageUrl?: string;
  productId?: string | null;
  /** a product with options' variant, and its values as ordered (issue 31) */
  variantId?: string | null;
  optionValues?: { en: string; ar: string }[];
};

export type OrderOverrides = {
  /** "paid" unless told: most admin and account pages show paid orders only. "unpaid" and "failed" make the others. */
  paymentStatus?: string;
  status?: string;
  /** A number of the shop's own shape (`ORD-` and 12 digits) where its length matters; a longer unique one unless told. */
  orderNumber?: string;
  createdAt?: Date;
  customerId?: string | null;
  /** The shopper's e-mail as checkout keeps it (lower case); "shopper@example.com" unless told. */
  email?: string;
  fullName?: string;
  phone?: string;
  floor?: string;
  subtotalFils?: number;
  deliveryFeeFils?: number;
  /** A discount code's amount off the order (0 unless told); the total is products − discount + delivery. */
  discountFils?: number;
  couponCode?: string | null;
  /** A gift's wrapping (0 unless told), a line of its own in the total. */
  giftWrapFils?: number;
  items?: OrderItem[];
};

/**
 * An order written straight into the database, as if checkout and payment had already happened (checkout itself
 * has its own tests). The subtotal is the items' unless given; the delivery fee is 1.800 KD.
 */
export async function createOrder(db: PrismaClient, overrides: OrderOverrides = {}) {
  const items = overrides.items ?? [{ nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2500, quantity: 2 }];
  const subtotalFils = overrides.subtotalFils ?? items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0);
  const deliveryFeeFils = overrides.deliveryFeeFils ?? 1800;
  const discountFils = overrides.discountFils ?? 0;
  const giftWrapFils = overrides.giftWrapFils ?? 0;
  const paymentStatus = overrides.paymentStatus ?? "paid";
  const createdAt = overrides.createdAt ?? new Date();
  return db.order.create({
    data: {
      orderNumber: overrides.orderNumber ?? uniqueOrderNumber(),
      fullName: overrides.fullName ?? "Test Shopper",
      email: overrides.email ?? "shopper@example.com",
      phone: overrides.phone ?? uniquePhone(),
      buildingType: "Apartment",
      city: "Hawalli",
      street: "Tunis St",
      streetNumber: "3",
      block: "2",
      buildingNumber: "14",
      floor: overrides.floor ?? null,
      subtotalFils,
      deliveryFeeFils,
      discountFils,
      couponCode: overrides.couponCode ?? null,
      giftWrapFils,
      totalFils: subtotalFils - discountFils + deliveryFeeFils + giftWrapFils,
      status: overrides.status ?? "pending",
      paymentStatus,
      paidAt: paymentStatus === "paid" ? createdAt : null,
      createdAt,
      customerId: overrides.customerId ?? null,
      isGuest: !overrides.customerId,
      items: {
        create: items.map((item) => ({
          nameEn: item.nameEn,
          nameAr: item.nameAr,
          priceFils: item.priceFils,
          quantity: item.quantity,
          imageUrl: item.imageUrl ?? FIXTURE_IMAGE,
          customTags: item.customTags ?? [],
          productId: item.productId ?? null,
          variantId: item.variantId ?? null,
          optionValues: item.optionValues ?? [],
        })),
      },
    },
  });
}

/** What a shopper types at checkout, delivering to `city` (a delivery area's English name). */
export function checkoutDetails(city: string, overrides: Partial<CheckoutDetails> = {}): CheckoutDetails {
  return {
    buildingType: "Apartment",
    fullName: "سارة أحمد",
    email: "sara@example.com",
    phone: "60000000",
    city,
    street: "Tunis Street",
    streetNumber: "12",
    block: "3",
    buildingNumber: "7",
    floor: "2",
    apartmentNumber: "5",
    notes: undefined,
    ...overrides,
  };
}
