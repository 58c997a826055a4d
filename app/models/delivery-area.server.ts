import { prisma } from "~/db.server";

export type DeliveryArea = { nameEn: string; nameAr: string; feeFils: number };

/** The 64 areas of SPEC section 9, in the SPEC's order; the checkout city select lists them. */
export async function listDeliveryAreas(): Promise<DeliveryArea[]> {
  return prisma.deliveryArea.findMany({
    orderBy: [{ position: "asc" }, { nameEn: "asc" }],
    select: { nameEn: true, nameAr: true, feeFils: true },
  });
}

/** The city is sent by its English name; the fee always comes from here, never from the client. */
export async function getDeliveryArea(nameEn: string): Promise<DeliveryArea | null> {
  return prisma.deliveryArea.findUnique({ where: { nameEn }, select: { nameEn: true, nameAr: true, feeFils: true } });
}
