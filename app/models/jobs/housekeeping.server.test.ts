import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../../../tests/factories/customer";
import { createOrder } from "../../../tests/factories/order";
import { createSession } from "../../../tests/factories/session";
import { uniqueEmail } from "../../../tests/factories/unique";
import { sessionKey, issueCode } from "~/models/accounts/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { getSavedCartLines, SAVED_CART_IDLE_DAYS } from "~/models/orders/index.server";
import { purgeExpired, REMOVED, runHousekeeping, scrubAbandonedOrders } from "./housekeeping.server";

const DAY = 24 * 3600_000;

describe("housekeeping", () => {
  it("deletes sessions past their end or idle too long, codes no proof can use, and finished rate-limit windows", async () => {
    const customer = await createCustomer(prisma);
    const live = sessionKey(await createSession(prisma, { customerId: customer.id }));
    const ended = sessionKey(await createSession(prisma, { customerId: customer.id }));
    const idle = sessionKey(await createSession(prisma, { customerId: customer.id }));
    await prisma.session.update({ where: { id: ended }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await prisma.session.update({ where: { id: idle }, data: { lastSeenAt: new Date(Date.now() - 8 * DAY) } });

    const recentEmail = uniqueEmail("recent-code");
    const oldEmail = uniqueEmail("old-code");
    await issueCode(recentEmail, "register", new Date(Date.now() - 20 * 60_000));
    await issueCode(oldEmail, "register", new Date(Date.now() - 2 * 3600_000));

    const prefix = `housekeeping-${Date.now()}`;
    await prisma.rateLimit.createMany({
      data: [
        { key: `${prefix}:over`, count: 3, resetsAt: new Date(Date.now() - 1000) },
        { key: `${prefix}:running`, count: 3, resetsAt: new Date(Date.now() + 60_000) },
      ],
    });

    // as the limits themselves write them (raw SQL), not only through Prisma
    await hitRateLimit(`${prefix}:counted`, 5, 60, new Date(Date.now() - 2 * 60_000));

    await purgeExpired();
    expect((await prisma.session.findMany({ where: { id: { in: [live, ended, idle] } } })).map((row) => row.id)).toEqual([live]);
    // a code used 20 minutes ago may still back a 30-minute proof; one from two hours ago cannot
    expect(await prisma.oneTimeCode.count({ where: { email: recentEmail } })).toBe(1);
    expect(await prisma.oneTimeCode.count({ where: { email: oldEmail } })).toBe(0);
    expect((await prisma.rateLimit.findMany({ where: { key: { startsWith: prefix } } })).map((row) => row.key)).toEqual([`${prefix}:running`]);
  });

  it("removes the personal data of unpaid orders older than 30 days, keeping the order, its number and amounts", async () => {
    const customer = await createCustomer(prisma);
    const old = new Date(Date.now() - 31 * DAY);
    const tags = [{ titleEn: "Name to print", titleAr: "الاسم للطباعة", value: "Layla" }];
    const abandoned = await createOrder(prisma, {
      paymentStatus: "unpaid",
      createdAt: old,
      customerId: customer.id,
      floor: "3",
      items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 1, customTags: tags }],
    });
    const failed = await createOrder(prisma, { paymentStatus: "failed", createdAt: old });
    const paid = await createOrder(prisma, { paymentStatus: "paid", createdAt: old });
    const recent = await createOrder(prisma, { paymentStatus: "unpaid", createdAt: new Date(Date.now() - 29 * DAY) });
    await prisma.outboxMessage.createMany({
      data: [
        { orderId: abandoned.id, channel: "email", kind: "status", language: "ar", recipient: abandoned.email, status: "sent" },
        { orderId: abandoned.id, channel: "sms", kind: "status", language: "ar", recipient: `965${abandoned.phone}` },
      ],
    });

    await scrubAbandonedOrders();
    const scrubbed = await prisma.order.findUniqueOrThrow({ where: { id: abandoned.id }, include: { items: true } });
    expect(scrubbed).toMatchObject({
      orderNumber: abandoned.orderNumber,
      totalFils: abandoned.totalFils,
      subtotalFils: abandoned.subtotalFils,
      fullName: REMOVED,
      email: REMOVED,
      phone: REMOVED,
      street: REMOVED,
      block: REMOVED,
      buildingNumber: REMOVED,
      floor: null,
      notes: null,
      customerId: null,
      personalDataRemovedAt: expect.any(Date),
    });
    expect(scrubbed.items[0]).toMatchObject({ priceFils: 2500, quantity: 1, customTags: [{ titleEn: "Name to print", titleAr: "الاسم للطباعة", value: REMOVED }] });
    const messages = await prisma.outboxMessage.findMany({ where: { orderId: abandoned.id }, orderBy: { channel: "asc" } });
    expect(messages.map((message) => [message.channel, message.recipient, message.status])).toEqual([
      ["email", REMOVED, "sent"],
      ["sms", REMOVED, "failed"],
    ]);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: failed.id } })).fullName).toBe(REMOVED);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({ fullName: paid.fullName, phone: paid.phone });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: recent.id } })).toMatchObject({ fullName: recent.fullName, phone: recent.phone });
  });

  it("drops a saved cart untouched for 90 days in its hourly pass, and keeps one changed since", async () => {
    const [left, back] = [await createCustomer(prisma), await createCustomer(prisma)];
    const lines = [{ productId: "p-housekeeping", quantity: 1, customTags: [] }];
    await prisma.savedCart.create({ data: { customerId: left.id, lines, updatedAt: new Date(Date.now() - (SAVED_CART_IDLE_DAYS + 1) * DAY) } });
    await prisma.savedCart.create({ data: { customerId: back.id, lines, updatedAt: new Date(Date.now() - (SAVED_CART_IDLE_DAYS - 1) * DAY) } });

    const removed = await runHousekeeping();
    expect(removed.savedCarts).toBeGreaterThanOrEqual(1);
    expect(await getSavedCartLines(left.id)).toEqual([]);
    expect(await getSavedCartLines(back.id)).toEqual(lines);
  });
});

