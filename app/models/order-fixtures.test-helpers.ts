import crypto from "node:crypto";
import type { CheckoutDetails } from "~/shared/checkout-schema";
import { prisma } from "~/db.server";

/** Rows with unique names, so test files running in parallel on one database never meet. */
export function uniqueId(prefix: string) {
  return `${prefix}-${crypto.randomBytes(6).toString("hex")}`;
}

export async function createArea(feeFils = 1500) {
  const nameEn = uniqueId("Area");
  await prisma.deliveryArea.create({ data: { nameEn, nameAr: "حولي", feeFils } });
  return nameEn;
}

export async function createProduct(options: { priceFils?: number; stock?: number; requiredTag?: boolean } = {}) {
  const category = await prisma.category.create({
    data: { nameEn: "Bows", nameAr: "فيونكات", slug: uniqueId("cat"), iconImage: "/x.png" },
  });
  return prisma.product.create({
    data: {
      nameEn: "Satin Bow",
      nameAr: "فيونكة ستان",
      priceFils: options.priceFils ?? 2500,
      stockQuantity: options.stock ?? 10,
      imageUrl: "/x.png",
      categoryId: category.id,
      customTags: options.requiredTag ? { create: [{ titleEn: "Name to print", titleAr: "الاسم المراد طباعته", required: true }] } : undefined,
    },
  });
}

export function details(city: string, overrides: Partial<CheckoutDetails> = {}): CheckoutDetails {
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
