/**
 * Payment reminders with real shop processes (issue 45, decision 0085), PAYMENT_REMINDERS shortened to seconds and
 * mail through a real loopback SMTP server: an order placed on one server that is killed right after is reminded
 * once, by the next server started on the same database (the reminder's time is a column, not a timer in memory).
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueAddress, uniqueEmail, uniquePhone } from "../factories/unique";
import { startServer } from "../setup/server-process";
import { startSmtpServer } from "../setup/smtp";
import { randomTestPort } from "../support/test-server";

const smtp = await startSmtpServer();
// A shopper address of its own (TRUST_PROXY): other files of this worker leave unpaid orders from 127.0.0.1, whose
// holds count against a client's next order.
const env = { SMTP_URL: smtp.url, APP_URL: "http://shop.test", PAYMENT_REMINDERS: "4s", TRUST_PROXY: "1" };
const shops: ReturnType<typeof startServer>[] = [];

function startShop(firstPort: number) {
  const port = randomTestPort(firstPort, 80);
  const shop = startServer(port, env);
  shops.push(shop);
  return { base: `http://127.0.0.1:${port}`, process: shop };
}

afterAll(async () => {
  for (const shop of shops) if (shop.child.exitCode === null) shop.child.kill("SIGKILL");
  await smtp.close();
});

describe("payment reminders across a restart", { timeout: 90_000 }, () => {
  it("reminds an order placed on a server killed before its reminder was due, once, from the next server", async () => {
    const a = startShop(7200);
    await a.process.ready;
    const product = await createProduct(prisma, { nameEn: "Restart Bow", nameAr: "فيونكة الإعادة", priceFils: 2000, stockQuantity: 3 });
    const email = uniqueEmail("restart");
    const placed = await fetch(`${a.base}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en", "X-Forwarded-For": uniqueAddress() },
      body: JSON.stringify({
        fullName: "Sara Ahmad",
        email,
        phone: uniquePhone(),
        buildingType: "Villa",
        address: { city: await createDeliveryArea(prisma), street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" },
        items: [{ _id: product.id, quantity: 1, customTags: [] }],
      }),
    });
    expect(placed.status).toBe(201);
    a.process.child.kill("SIGKILL");
    const order = await prisma.order.findFirstOrThrow({ where: { email }, select: { id: true, orderNumber: true, createdAt: true, nextReminderAt: true } });
    expect(order.nextReminderAt!.getTime() - order.createdAt.getTime()).toBe(4000);
    // A killed server may have held the job's lease: its time passes here rather than in the test's clock.
    await prisma.jobLease.updateMany({ where: { name: "payment-reminders" }, data: { until: new Date(Date.now() - 1000) } });

    const b = startShop(7300);
    await b.process.ready;
    const reminders = () => smtp.received.filter((mail) => mail.to.includes(email) && mail.subject === `Your order ${order.orderNumber} is waiting for you`);
    await expect.poll(() => reminders().length, { timeout: 30_000, interval: 200 }).toBe(1);
    // Its one delay behind it, the order leaves the index and its message is sent: nothing more can follow.
    await expect.poll(() => prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { nextReminderAt: true, reminderStep: true } })).toEqual({ nextReminderAt: null, reminderStep: 1 });
    await expect.poll(() => prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, kind: "payment_reminder" }, select: { status: true } })).toEqual({ status: "sent" });
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id, kind: "payment_reminder" } })).toBe(1);
    expect(reminders()).toHaveLength(1);
    expect(b.process.errors()).toBe("");
  });
});
