import { isConstraintRefusal, prisma } from "~/db.server";
import { audited, recordAudit, type AuditActor } from "./audit.server";
import type { Governorate } from "~/shared/governorates";

/**
 * The delivery areas (CONTRACT.md "Delivery areas"): the owner's to add, rename, price and hide. An order keeps the
 * fee it was placed with and its area's English name, which is how the order finds its area (there is no link by
 * id): a rename carries the area's orders to the new name, and nothing else done here changes an order.
 */

export type DeliveryArea = {
  id: string;
  nameEn: string;
  nameAr: string;
  feeFils: number;
  governorateEn: string;
  governorateAr: string;
  isHidden: boolean;
};

const areaSelect = {
  id: true,
  nameEn: true,
  nameAr: true,
  feeFils: true,
  governorateEn: true,
  governorateAr: true,
  isHidden: true,
} as const;

/** The areas the checkout offers (hidden ones left out); the page sorts and groups them in its language. */
export async function listDeliveryAreas(): Promise<DeliveryArea[]> {
  return prisma.deliveryArea.findMany({
    where: { isHidden: false },
    orderBy: [{ position: "asc" }, { nameEn: "asc" }],
    select: areaSelect,
  });
}

/** Every area, hidden ones too, with how many orders name it (an area with orders is hidden, never deleted). */
export async function listDeliveryAreasForOwner(): Promise<
  (DeliveryArea & { orderCount: number })[]
> {
  const [areas, counts] = await Promise.all([
    prisma.deliveryArea.findMany({
      orderBy: [{ position: "asc" }, { nameEn: "asc" }],
      select: areaSelect,
    }),
    prisma.order.groupBy({ by: ["city"], _count: { _all: true } }),
  ]);
  const byCity = new Map(counts.map((row) => [row.city, row._count._all]));
  return areas.map((area) => ({
    ...area,
    orderCount: byCity.get(area.nameEn) ?? 0,
  }));
}

export async function getDeliveryAreaById(
  id: string
): Promise<DeliveryArea | null> {
  return prisma.deliveryArea.findUnique({ where: { id }, select: areaSelect });
}

/**
 * The area an order is placed in, by its English or Arabic name as the checkout or an API client sends it; hidden
 * areas are not offered. Never from the 30-second cache below: placing reads the areas in a kept read that asks the
 * catalogue's version first (`getPlacingSettings`), which every change of an area moves, so a fee the owner changed
 * is charged from the next order on, on every server that shares the database (decisions 0076 and 0055).
 */
export async function findOrderableArea(city: string): Promise<DeliveryArea | null> {
  return orderableAreaIn(await listOrderableAreas(), city);
}

/** The areas a shopper may order to; placing reads them with the settings, in one kept read (`getPlacingSettings`). */
export function listOrderableAreas(): Promise<DeliveryArea[]> {
  return prisma.deliveryArea.findMany({ where: { isHidden: false }, select: areaSelect, orderBy: { position: "asc" } });
}

/** The area named `city`, in English or in Arabic (CONTRACT.md "Delivery areas"), among `areas`. */
export function orderableAreaIn(areas: DeliveryArea[], city: string): DeliveryArea | null {
  const name = city.trim();
  if (!name) return null;
  return areas.find((area) => area.nameEn === name || area.nameAr === name) ?? null;
}

const CACHE_MS = 30_000;
let cache: { at: number; byName: Map<string, DeliveryArea> } | undefined;

/**
 * An order's area by the English name it keeps, hidden or not, for showing its Arabic name on papers and pages. Kept
 * for 30 seconds (every invoice and packing slip needs one); a change made on this server clears it at once, and a
 * change made on another server shows here within 30 seconds. Never used to price an order.
 */
export async function getDeliveryArea(
  nameEn: string,
  now = Date.now()
): Promise<DeliveryArea | null> {
  if (!cache || now - cache.at > CACHE_MS || now < cache.at) {
    const areas = await prisma.deliveryArea.findMany({ select: areaSelect });
    cache = {
      at: now,
      byName: new Map(areas.map((area) => [area.nameEn, area])),
    };
  }
  return (
    cache.byName.get(nameEn) ??
    (await prisma.deliveryArea.findUnique({
      where: { nameEn },
      select: areaSelect,
    }))
  );
}

/** What the owner gives for an area: both names, its governorate and its fee. */
export type DeliveryAreaInput = {
  nameEn: string;
  nameAr: string;
  governorate: Governorate;
  feeFils: number;
};

export type AreaSaveResult =
  | { ok: true; area: DeliveryArea }
  | { ok: false; reason: "duplicateEn" | "duplicateAr" | "notFound" };

/** Another area with either name (English compared without regard to case): the checkout must tell them apart. */
async function duplicateOf(
  input: DeliveryAreaInput,
  exceptId: string | null
): Promise<"duplicateEn" | "duplicateAr" | null> {
  const others = await prisma.deliveryArea.findMany({
    where: exceptId ? { id: { not: exceptId } } : {},
    select: { nameEn: true, nameAr: true },
  });
  if (
    others.some(
      (other) =>
        other.nameEn.toLowerCase() === input.nameEn.toLowerCase() ||
        other.nameAr === input.nameEn
    )
  )
    return "duplicateEn";
  if (
    others.some(
      (other) =>
        other.nameAr === input.nameAr ||
        other.nameEn.toLowerCase() === input.nameAr.toLowerCase()
    )
  )
    return "duplicateAr";
  return null;
}

function areaData(input: DeliveryAreaInput) {
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    feeFils: input.feeFils,
    governorateEn: input.governorate.en,
    governorateAr: input.governorate.ar,
  };
}

function forgetCache() {
  cache = undefined;
}

export async function createDeliveryArea(
  input: DeliveryAreaInput,
  actor?: AuditActor
): Promise<AreaSaveResult> {
  const duplicate = await duplicateOf(input, null);
  if (duplicate) return { ok: false, reason: duplicate };
  try {
    const area = await audited(
      actor,
      async (tx) => {
        const last = await tx.deliveryArea.aggregate({
          _max: { position: true },
        });
        return tx.deliveryArea.create({
          data: {
            ...areaData(input),
            position: (last._max.position ?? -1) + 1,
          },
          select: areaSelect,
        });
      },
      (created) => ({
        action: "create",
        entityType: "deliveryArea",
        entityId: created.id,
        params: {
          name: created.nameEn,
          nameAr: created.nameAr,
          fils: created.feeFils,
        },
      })
    );
    forgetCache();
    return { ok: true, area };
  } catch (error) {
    // Two owners adding the same English name at once: the unique index lets one through.
    if (isConstraintRefusal(error, "unique", "DeliveryArea", "nameEn"))
      return { ok: false, reason: "duplicateEn" };
    throw error;
  }
}

/**
 * Renames, re-prices, moves or hides an area (`isHidden` left out keeps it). Orders already placed keep their fee.
 * A rename moves the area's orders to the new English name in the same transaction: an order finds its area (its
 * Arabic name on papers, the count that keeps an area with orders from being deleted) by that name alone, so an
 * order left on the old one would lose its area.
 */
export async function updateDeliveryArea(
  id: string,
  input: DeliveryAreaInput & { isHidden?: boolean },
  actor?: AuditActor,
  attempts = 3
): Promise<AreaSaveResult> {
  const before = await getDeliveryAreaById(id);
  if (!before) return { ok: false, reason: "notFound" };
  const duplicate = await duplicateOf(input, id);
  if (duplicate) return { ok: false, reason: duplicate };
  const data = {
    ...areaData(input),
    ...(input.isHidden === undefined ? {} : { isHidden: input.isHidden }),
  };
  try {
    const changed = await prisma.$transaction(async (tx) => {
      // Only while the area still has the name read above, so two renames at once cannot leave orders on a name
      // the area no longer has: the one that loses reads the area again.
      const updated = await tx.deliveryArea.updateMany({
        where: { id, nameEn: before.nameEn },
        data,
      });
      if (updated.count !== 1) return false;
      if (before.nameEn !== input.nameEn)
        await tx.order.updateMany({
          where: { city: before.nameEn },
          data: { city: input.nameEn },
        });
      if (actor)
        await recordAudit(tx, {
          actor,
          action: "update",
          entityType: "deliveryArea",
          entityId: id,
          params: {
            name: input.nameEn,
            nameAr: input.nameAr,
            fromFils: before.feeFils,
            fils: input.feeFils,
            ...(data.isHidden ?? before.isHidden ? { context: "hidden" } : {}),
          },
        });
      return true;
    });
    forgetCache();
    if (!changed)
      return attempts > 1
        ? updateDeliveryArea(id, input, actor, attempts - 1)
        : { ok: false, reason: "notFound" };
    return { ok: true, area: (await getDeliveryAreaById(id))! };
  } catch (error) {
    if (isConstraintRefusal(error, "unique", "DeliveryArea", "nameEn"))
      return { ok: false, reason: "duplicateEn" };
    throw error;
  }
}

/** Shows or hides an area, nothing else. */
export async function setDeliveryAreaHidden(
  id: string,
  isHidden: boolean,
  actor?: AuditActor
): Promise<boolean> {
  const area = await getDeliveryAreaById(id);
  if (!area) return false;
  const changed = await audited(
    actor,
    (tx) => tx.deliveryArea.updateMany({ where: { id }, data: { isHidden } }),
    (result) =>
      result.count === 1
        ? {
            action: isHidden ? "hide" : "show",
            entityType: "deliveryArea",
            entityId: id,
            params: { name: area.nameEn, nameAr: area.nameAr },
          }
        : null
  );
  forgetCache();
  return changed.count === 1;
}

/**
 * Deletes an area no order names; one with orders is hidden instead, so its orders keep showing it (its Arabic name
 * on Arabic papers included). Answers what was done, or null for an unknown area.
 */
export async function removeDeliveryArea(
  id: string,
  actor?: AuditActor
): Promise<"deleted" | "hidden" | null> {
  const area = await getDeliveryAreaById(id);
  if (!area) return null;
  const hasOrders =
    (await prisma.order.count({ where: { city: area.nameEn } })) > 0;
  if (hasOrders)
    return (await setDeliveryAreaHidden(id, true, actor)) ? "hidden" : null;
  const deleted = await audited(
    actor,
    (tx) => tx.deliveryArea.deleteMany({ where: { id } }),
    (result) =>
      result.count === 1
        ? {
            action: "delete",
            entityType: "deliveryArea",
            entityId: id,
            params: { name: area.nameEn, nameAr: area.nameAr },
          }
        : null
  );
  forgetCache();
  return deleted.count === 1 ? "deleted" : null;
}
