/** Orders made directly in the database for admin tests (checkout is built elsewhere and not needed here). */
import crypto from "node:crypto";
import type { PrismaClient } from "../../app/generated/prisma/client";

export type TestOrderOptions = {
  status?: string;
  paymentStatus?: string;
  createdAt?: Date;
  phone?: string;
  fullName?: string;
  subtotalFils?: number;
  deliveryFeeFils?: number;
  customerId?: string | null;
  items?: { nameEn: string; nameAr: string; priceFils: number; quantity: number; customTags?: unknown; productId?: string | null }[];
};

export function uniqueOrderNumber(): string {
  return `ORD-${Date.now()}${crypto.randomInt(100000, 999999)}`;
}

export async function createTestOrder(prisma: PrismaClient, options: TestOrderOptions = {}) {
  const items = options.items ?? [{ nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2500, quantity: 2, customTags: [] }];
  const subtotalFils = options.subtotalFils ?? items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0);
  const deliveryFeeFils = options.deliveryFeeFils ?? 1800;
  const paymentStatus = options.paymentStatus ?? "paid";
  const createdAt = options.createdAt ?? new Date();
  return prisma.order.create({
    data: {
      orderNumber: uniqueOrderNumber(),
      fullName: options.fullName ?? "Test Shopper",
      email: "shopper@example.com",
      phone: options.phone ?? `9${crypto.randomInt(1000000, 9999999)}`,
      buildingType: "Apartment",
      city: "Hawalli",
      street: "Tunis Street",
      streetNumber: "5",
      block: "3",
      buildingNumber: "12",
      floor: "2",
      apartmentNumber: "7",
      subtotalFils,
      deliveryFeeFils,
      totalFils: subtotalFils + deliveryFeeFils,
      status: options.status ?? "pending",
      paymentStatus,
      paidAt: paymentStatus === "paid" ? createdAt : null,
      createdAt,
      customerId: options.customerId ?? null,
      isGuest: !options.customerId,
      items: {
        create: items.map((item) => ({
          nameEn: item.nameEn,
          nameAr: item.nameAr,
          priceFils: item.priceFils,
          quantity: item.quantity,
          imageUrl: "/uploads/catalogue/seed-product-01-main.webp",
          customTags: (item.customTags ?? []) as never,
          productId: item.productId ?? null,
        })),
      },
    },
  });
}
