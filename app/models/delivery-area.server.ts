import { prisma } from "~/db.server";

export type DeliveryArea = { nameEn: string; nameAr: string; feeFils: number };

/** The 64 areas of SPEC section 9, in the SPEC's order; the checkout city select lists them. */
export async function listDeliveryAreas(): Promise<DeliveryArea[]> {
  return prisma.deliveryArea.findMany({
    orderBy: [{ position: "asc" }, { nameEn: "asc" }],
    select: { nameEn: true, nameAr: true, feeFils: true },
  });
}

const CACHE_MS = 30_000;
let cache: { at: number; byName: Map<string, DeliveryArea> } | undefined;

/**
 * The city is sent by its English name; the fee always comes from the database, never from the client. The 64
 * rows are kept for 30 seconds: every order needs one, and fees change rarely.
 */
export async function getDeliveryArea(nameEn: string, now = Date.now()): Promise<DeliveryArea | null> {
  if (!cache || now - cache.at > CACHE_MS || now < cache.at) {
    const areas = await listDeliveryAreas();
    cache = { at: now, byName: new Map(areas.map((area) => [area.nameEn, area])) };
  }
  return cache.byName.get(nameEn) ?? (await prisma.deliveryArea.findUnique({ where: { nameEn }, select: { nameEn: true, nameAr: true, feeFils: true } }));
}
