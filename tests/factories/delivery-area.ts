import type { PrismaClient } from "../../app/generated/prisma/client";
import { uniqueId } from "./unique";

/** A delivery area of its own; answers its English name, the city a checkout names. */
export async function createDeliveryArea(db: PrismaClient, feeFils = 1500): Promise<string> {
  const nameEn = uniqueId("Area");
  await db.deliveryArea.create({ data: { nameEn, nameAr: "حولي", feeFils } });
  return nameEn;
}
