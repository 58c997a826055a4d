/**
 * The outbox across real shop processes (issue 30, docs/decisions/0054-outbox.md), mail through a real loopback SMTP
 * server: two servers on one database (a SQLite file or PostgreSQL) racing to send the same rows send each message once; a server killed (`kill -9`) after the
 * commit that queued a message and before the mail went leaves it to the next server, which sends it once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { CLAIM_MS } from "~/models/jobs/index.server";
import { createOrder } from "../factories/order";
import { uniqueEmail } from "../factories/unique";
import { startServer } from "../setup/server-process";
import { startSmtpServer } from "../setup/smtp";
import { adminCookie } from "../support/admin-requests";
import { startSmtpGate } from "../support/smtp-gate";
import { randomTestPort } from "../support/test-server";

const smtp = await startSmtpServer();
const gate = await startSmtpGate(smtp.url);
const env = { WEB_CONCURRENCY: "1", SMTP_URL: gate.url, APP_URL: "http://shop.test" };
type Shop = { base: string; process: ReturnType<typeof startServer> };

function startShop(firstPort: number): Shop {
  const port = randomTestPort(firstPort, 80);
  return { base: `http://127.0.0.1:${port}`, process: startServer(port, env) };
}

async function setStatus(shop: Shop, cookie: string, orderId: string, status: string) {
  const response = await fetch(`${shop.base}/api/admin/orders/${orderId}/status`, {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ status }),
  });
  expect(response.status).toBe(200);
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
const shops: Shop[] = [];

afterAll(async () => {
  for (const shop of shops) if (shop.process.child.exitCode === null) shop.process.child.kill("SIGKILL");
  await gate.close();
  await smtp.close();
});

describe("the outbox with real shop processes", { timeout: 60_000 }, () => {
  let a: Shop;
  let b: Shop;
  let cookie: string;
  beforeAll(async () => {
    a = startShop(6600);
    b = startShop(6700);
    shops.push(a, b);
    await Promise.all([a.process.ready, b.process.ready]);
    // After the servers' start, which makes sure of the configured administrator.
    ({ cookie } = await adminCookie());
  }, 90_000);

  it("sends each message once when two servers on one database race for them", async () => {
    const statuses = ["processing", "outForDelivery", "delivered"];
    const orders = await Promise.all(Array.from({ length: 12 }, async () => createOrder(prisma, { email: uniqueEmail("race") })));
    // Each order's changes in turn, the orders all at once, each change on either server: both senders see every row.
    await Promise.all(
      orders.map(async (order, index) => {
        for (const [step, status] of statuses.entries()) await setStatus((index + step) % 2 ? a : b, cookie, order.id, status);
      }),
    );
    const total = orders.length * statuses.length;
    await expect.poll(() => orders.reduce((sum, order) => sum + mailsTo(order.email).length, 0), { timeout: 20_000, interval: 100 }).toBe(total);
    // Every row recorded and no SMTP session left open through the gate: a second sender's copy, had one been
    // claimed, would have arrived by now.
    const rowsOf = () => prisma.outboxMessage.findMany({ where: { orderId: { in: orders.map((order) => order.id) } } });
    await expect.poll(async () => (await rowsOf()).every((row) => row.status === "sent" && row.claimedUntil === null), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => gate.openSockets(), { timeout: 10_000 }).toBe(0);
    for (const order of orders) {
      const subjects = mailsTo(order.email).map((mail) => mail.subject);
      expect(subjects).toHaveLength(statuses.length);
      expect(new Set(subjects).size).toBe(statuses.length);
    }
    const rows = await rowsOf();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(rows.map(() => ["sent", 1]));
  });

  it("sends once, from the next server, a message whose server was killed after the commit and before sending", async () => {
    // B leaves: the message must come from a server started after the crash.
    b.process.child.kill("SIGKILL");
    const order = await createOrder(prisma, { email: uniqueEmail("crash") });
    gate.hold();
    await setStatus(a, cookie, order.id, "outForDelivery");
    // The change is committed and A's sender is inside the SMTP call, holding the row's claim.
    await expect.poll(() => gate.stalled(), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
    const claimed = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id } });
    expect(claimed).toMatchObject({ status: "queued", attempts: 0, claimedBy: expect.any(String) });
    a.process.child.kill("SIGKILL");
    gate.open();
    expect(mailsTo(order.email)).toHaveLength(0);

    // The dead server's claim runs out (CLAIM_MS), and so does the sender's job lease if A's timed pass was the one
    // stuck in the call (a nudge sends without it): the time passes here rather than in the test's clock.
    await prisma.outboxMessage.update({ where: { id: claimed.id }, data: { claimedUntil: new Date(Date.now() - 1000) } });
    await prisma.jobLease.updateMany({ where: { name: "outbox" }, data: { until: new Date(Date.now() - 1000) } });
    expect(claimed.claimedUntil!.getTime() - claimed.updatedAt.getTime()).toBeGreaterThanOrEqual(CLAIM_MS - 1000);
    const c = startShop(6800);
    shops.push(c);
    await c.process.ready;
    await expect.poll(() => mailsTo(order.email).length, { timeout: 15_000, interval: 100 }).toBe(1);
    // Sent, after one try, is final: no sender claims the row again, so no second mail can follow.
    await expect.poll(async () => prisma.outboxMessage.findUniqueOrThrow({ where: { id: claimed.id } })).toMatchObject({ status: "sent", attempts: 1 });
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id, channel: "email" } })).toBe(1);
  });
});
