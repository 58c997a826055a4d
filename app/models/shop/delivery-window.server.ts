import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { DeliverySlotSettings, DeliverySlotsBody } from "~/shared/delivery-slots";
import { recordAudit, type AuditActor } from "./audit.server";
import { cachedCatalogue } from "./catalogue-cache.server";

/**
 * The owner's delivery windows (issue 48, decision 0091): the windows are rows of their own (placing an order locks
 * its window's row to count its day's orders); the same-day cut-off and the closed dates are two settings rows.
 */
const SAME_DAY_CUTOFF = "deliverySameDayCutoff";
const CLOSED_DATES = "deliveryClosedDates";

export async function getDeliverySlotSettings(): Promise<DeliverySlotSettings> {
  // Read at every checkout and every order placed: kept with the catalogue like the shop's settings. Saving rewrites
  // the cut-off and closed dates' ShopSetting rows in the same transaction, whose triggers move the listing version.
  return cachedCatalogue("delivery-slot-settings", readDeliverySlotSettings, "list");
}

async function readDeliverySlotSettings(): Promise<DeliverySlotSettings> {
  const [windows, rows] = await Promise.all([
    prisma.deliveryWindow.findMany({ orderBy: [{ position: "asc" }, { fromTime: "asc" }] }),
    prisma.shopSetting.findMany({ where: { key: { in: [SAME_DAY_CUTOFF, CLOSED_DATES] } }, select: { key: true, value: true } }),
  ]);
  const stored = new Map(rows.map((row) => [row.key, row.value.trim()]));
  return {
    windows: windows.map((row) => ({
      id: row.id,
      from: row.fromTime,
      to: row.toTime,
      capacity: row.capacity,
      days: row.days.split(",").filter(Boolean).map(Number),
    })),
    sameDayCutoff: stored.get(SAME_DAY_CUTOFF) || null,
    closedDates: (stored.get(CLOSED_DATES) ?? "").split(",").filter(Boolean),
  };
}

/**
 * Replaces the windows, the cut-off and the closed dates in one transaction, with an entry in the activity log. A
 * window sent with its id keeps it (and so its placed orders' count); one left out is removed, and its orders keep
 * their day and times.
 */
export async function saveDeliverySlotSettings(body: DeliverySlotsBody, actor: AuditActor): Promise<void> {
  const closedDates = [...new Set(body.closedDates)].sort();
  await prisma.$transaction(async (tx) => {
    const existing = new Set((await tx.deliveryWindow.findMany({ select: { id: true } })).map((row) => row.id));
    const kept = body.windows.map((window) => (window.id && existing.has(window.id) ? window.id : null));
    await tx.deliveryWindow.deleteMany({ where: { id: { notIn: kept.filter((id): id is string => id !== null) } } });
    for (const [position, window] of body.windows.entries()) {
      const data = { fromTime: window.from, toTime: window.to, capacity: window.capacity, days: [...new Set(window.days)].sort().join(","), position };
      const id = kept[position];
      if (id) await tx.deliveryWindow.update({ where: { id }, data });
      else await tx.deliveryWindow.create({ data: { id: crypto.randomUUID(), ...data } });
    }
    for (const [key, value] of [
      [SAME_DAY_CUTOFF, body.sameDayCutoff ?? ""],
      [CLOSED_DATES, closedDates.join(",")],
    ] as const) {
      await tx.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
    }
    await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: "deliverySlots", params: { context: "deliverySlots" } });
  });
}
