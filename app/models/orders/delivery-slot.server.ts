import { prisma } from "~/db.server";
import { getDeliverySlotSettings } from "~/models/shop/index.server";
import { isWindowOpen, openWindows, type DeliverySlotSettings } from "~/shared/delivery-slots";

/** A window on a day, as an order keeps it (decision 0091). */
export type ChosenSlot = { date: string; windowId: string; from: string; to: string };

/** Why a wanted window cannot be had: none chosen while the owner has windows, or not one that is offered. */
export type SlotProblem = "deliverySlotRequired" | "deliverySlotClosed";

/**
 * An order holds its window's place while it is paid (and not cancelled), or unpaid while its stock hold lasts, as a
 * discount code's use does: an abandoned checkout gives its place back when its hold ends, before any timer runs.
 */
function holdsPlace(now: Date) {
  return { status: { not: "cancelled" }, OR: [{ paymentStatus: "paid" }, { reservedUntil: { gt: now } }] };
}

/**
 * `GET /api/delivery-slots` and the checkout: the next 7 Kuwait days' open windows that still have room, earliest
 * first (the owner's settings keep them in the order they were added); none when the owner has no windows.
 */
export async function listDeliverySlots(now = new Date()) {
  const days = openWindows(await getDeliverySlotSettings(), now);
  if (days.length === 0) return [];
  const counts = await prisma.order.groupBy({
    by: ["deliveryDate", "deliveryWindowId"],
    where: { deliveryDate: { in: days.map((day) => day.date) }, ...holdsPlace(now) },
    _count: { _all: true },
  });
  const taken = new Map(counts.map((row) => [`${row.deliveryDate}|${row.deliveryWindowId}`, row._count._all]));
  return days
    .map((day) => ({
      date: day.date,
      windows: day.windows
        .map((window) => ({ id: window.id, from: window.from, to: window.to, available: window.capacity - (taken.get(`${day.date}|${window.id}`) ?? 0) }))
        .filter((window) => window.available > 0)
        .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to)),
    }))
    .filter((day) => day.windows.length > 0);
}

/**
 * The window an order is placed for: null when the owner has no windows (and none was asked for), else the wanted
 * one if it is offered on that day at `now`. Its capacity is checked at placing by `takeSlotPlace`.
 */
export function chosenSlotOf(wanted: { date: string; windowId: string } | null | undefined, now: Date, settings: DeliverySlotSettings): ChosenSlot | SlotProblem | null {
  if (settings.windows.length === 0 && !wanted) return null;
  if (!wanted) return "deliverySlotRequired";
  const window = settings.windows.find((candidate) => candidate.id === wanted.windowId);
  if (!window || !isWindowOpen(settings, window, wanted.date, now)) return "deliverySlotClosed";
  return { date: wanted.date, windowId: window.id, from: window.from, to: window.to };
}

/**
 * The placing batch's part for a window, like a discount code's (`takeCouponUse`): the first UPDATE locks the window's
 * row until commit, so racing orders for one window pass one at a time; the second, a new statement that on
 * PostgreSQL sees every order committed before the lock was granted, writes NULL into the NOT NULL `capacity` when
 * the day's orders holding the window, this one included, are more than it takes. 20 buyers for 2 places: 2 orders.
 */
export function takeSlotPlace(slot: ChosenSlot, now: Date) {
  return [
    prisma.$executeRaw`UPDATE "DeliveryWindow" SET "capacity" = "capacity" WHERE "id" = ${slot.windowId}`,
    prisma.$executeRaw`
      UPDATE "DeliveryWindow" SET "capacity" = CASE WHEN (SELECT COUNT(*) FROM "Order" o
        WHERE o."deliveryWindowId" = ${slot.windowId} AND o."deliveryDate" = ${slot.date} AND o."status" <> 'cancelled'
          AND (o."paymentStatus" = 'paid' OR o."reservedUntil" > ${now})) <= "capacity"
        THEN "capacity" ELSE NULL END
      WHERE "id" = ${slot.windowId}`,
  ];
}
