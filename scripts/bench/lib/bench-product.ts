import crypto from "node:crypto";
import type { PrismaClient } from "../../../app/generated/prisma/client";

/**
 * A product without options as the owner's form writes one: the row and its one variant, whose id is the product's
 * (docs/decisions/0060-product-variants.md). Made with the product row alone, what names the variant refuses it: a
 * "notify me" sign-up for it answered 500 (a foreign key). Orders of such a product take their stock on the product
 * row alone either way, so the order benches' figures are the same with it.
 */
export function createBenchProduct(prisma: PrismaClient, data: { categoryId: string; stockQuantity: number; nameEn?: string; nameAr?: string; priceFils?: number }) {
  const id = `bench-${crypto.randomUUID()}`;
  const priceFils = data.priceFils ?? 2500;
  const isAvailable = data.stockQuantity > 0;
  return prisma.product.create({
    data: {
      id,
      categoryId: data.categoryId,
      nameEn: data.nameEn ?? "Bench Bow",
      nameAr: data.nameAr ?? "فيونكة تجربة",
      priceFils,
      stockQuantity: data.stockQuantity,
      isAvailable,
      imageUrl: "/x.png",
      variants: { create: [{ id, priceFils, stockQuantity: data.stockQuantity, isAvailable }] },
    },
  });
}
