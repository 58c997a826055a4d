import { prisma } from "~/db.server";
import { audited, type AuditActor, type AuditParams } from "~/models/audit.server";
import { cachedCatalogue } from "~/models/catalogue-cache.server";

/**
 * The owner's settings (issue 16), kept in the database so every server of the shop reads the same, and cached
 * with the catalogue: a saved change shows on the next request everywhere (docs/decisions/0026-discount-codes.md).
 */
export type ShopSettings = {
  /** delivery is free from this products total (after any discount); null: never free by amount */
  freeDeliveryFromFils: number | null;
};

const FREE_DELIVERY_FROM = "freeDeliveryFromFils";

export async function getShopSettings(): Promise<ShopSettings> {
  return cachedCatalogue("shop-settings", async () => {
    const rows = await prisma.shopSetting.findMany({ select: { key: true, value: true } });
    const stored = rows.find((row) => row.key === FREE_DELIVERY_FROM)?.value;
    const fils = stored === undefined || stored === "" ? null : Number(stored);
    return { freeDeliveryFromFils: fils !== null && Number.isInteger(fils) && fils >= 0 ? fils : null };
  }, "list");
}

export async function saveShopSettings(settings: ShopSettings, actor?: AuditActor): Promise<void> {
  const value = settings.freeDeliveryFromFils === null ? "" : String(settings.freeDeliveryFromFils);
  const params: AuditParams = value === "" ? { context: "none" } : { fils: value };
  await audited(
    actor,
    (tx) => tx.shopSetting.upsert({ where: { key: FREE_DELIVERY_FROM }, create: { key: FREE_DELIVERY_FROM, value }, update: { value } }),
    () => ({ action: "update", entityType: "settings", entityId: FREE_DELIVERY_FROM, params }),
  );
}
