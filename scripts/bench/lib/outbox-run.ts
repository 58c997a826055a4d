/**
 * The outbox bench's own process (scripts/bench/outbox.ts): the shop reads SMTP_URL once per process, and this one
 * sends to its own loopback SMTP server. Prints one JSON line of figures.
 *
 * The bench server beside it runs its own sender on a timer; this process holds the sender's lease (`outbox`) while
 * it measures, so that one skips its passes and every row goes through the sender measured here.
 */
import net from "node:net";
import { createProduct } from "../../../tests/factories/product";

const THROUGHPUT_MESSAGES = 300;
const THROUGHPUT_RUNS = 3;
const BURST = 1000;
const BURST_CONCURRENCY = 16;
const BURST_LIMIT_MS = 60_000;

/**
 * A loopback SMTP server that answers at once and counts each recipient's mails. Not tests/setup/smtp.ts: its
 * smtp-server holds every new connection's greeting 100 ms (to catch clients that talk too soon), which would be
 * what the figure measures.
 */
const arrived = new Map<string, number>();
const smtp = net.createServer((socket) => {
  let recipients: string[] = [];
  let inData = false;
  let buffered = "";
  socket.on("error", () => undefined);
  socket.write("220 bench ESMTP\r\n");
  socket.on("data", (chunk) => {
    buffered += chunk.toString("latin1");
    for (;;) {
      if (inData) {
        const end = buffered.indexOf("\r\n.\r\n");
        if (end < 0) return;
        buffered = buffered.slice(end + 5);
        inData = false;
        for (const to of recipients) arrived.set(to, (arrived.get(to) ?? 0) + 1);
        recipients = [];
        socket.write("250 queued\r\n");
        continue;
      }
      const lineEnd = buffered.indexOf("\r\n");
      if (lineEnd < 0) return;
      const line = buffered.slice(0, lineEnd);
      buffered = buffered.slice(lineEnd + 2);
      const command = line.slice(0, 4).toUpperCase();
      if (command === "EHLO") socket.write("250-bench\r\n250 8BITMIME\r\n");
      else if (command === "RCPT") {
        recipients.push((/<([^>]*)>/.exec(line)?.[1] ?? "").toLowerCase());
        socket.write("250 ok\r\n");
      } else if (command === "DATA") {
        inData = true;
        socket.write("354 go on\r\n");
      } else if (command === "QUIT") socket.end("221 bye\r\n");
      else socket.write("250 ok\r\n");
    }
  });
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
const address = smtp.address();
process.env.SMTP_URL = `smtp://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
process.env.APP_URL ??= "http://127.0.0.1";

const { prisma, prepareDatabase } = await import("../../../app/db.server");
const { drainOutbox, startOutbox } = await import("../../../app/models/jobs/index.server");
const { queueEmail } = await import("../../../app/models/messaging/index.server");
const { runExclusively } = await import("../../../app/models/shop/index.server");
const { placeOrder } = await import("../../../app/models/orders/index.server");
const { setOrderStatus } = await import("../../../app/models/fulfilment/index.server");
await prepareDatabase();

const stamp = Date.now().toString(36);
const countTo = (prefix: string) => [...arrived.entries()].filter(([to]) => to.startsWith(prefix)).reduce((sum, [, count]) => sum + count, 0);
const maxTo = (prefix: string) => Math.max(0, ...[...arrived.entries()].filter(([to]) => to.startsWith(prefix)).map(([, count]) => count));

async function untilArrived(prefix: string, count: number, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (countTo(prefix) < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return countTo(prefix) >= count;
}

/** Messages per second through the e-mail channel: rows queued first, then one sender drains them, as a server does. */
async function throughput(run: number): Promise<number> {
  const prefix = `bench-outbox-${stamp}-${run}-`;
  for (let index = 0; index < THROUGHPUT_MESSAGES; index++) {
    await queueEmail(prisma, { to: `${prefix}${index}@example.com`, kind: "mail", params: { subject: `Bench ${index}`, text: "Hello", html: "<p>Hello</p>" } });
  }
  const started = performance.now();
  while (countTo(prefix) < THROUGHPUT_MESSAGES && (await drainOutbox()) > 0);
  await untilArrived(prefix, THROUGHPUT_MESSAGES, 10_000);
  return THROUGHPUT_MESSAGES / ((performance.now() - started) / 1000);
}

/** 1,000 orders' status changes at once, the sender woken by each commit: the time until the last mail arrived. */
async function burst(): Promise<{ ms: number; sent: number; duplicates: boolean }> {
  const prefix = `bench-burst-${stamp}-`;
  const area = await prisma.deliveryArea.findFirstOrThrow({ orderBy: { position: "asc" } });
  const category = await prisma.category.findFirstOrThrow();
  const admin = await prisma.admin.findFirstOrThrow();
  const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: BURST, priceFils: 2500 });
  const details = { buildingType: "Apartment" as const, fullName: "سارة أحمد", phone: "60000000", city: area.nameEn, street: "Tunis Street", streetNumber: "12", block: "3", buildingNumber: "7" };
  const orderIds: string[] = [];
  for (let index = 0; index < BURST; index++) {
    const placed = await placeOrder({ details: { ...details, email: `${prefix}${index}@example.com` }, lines: [{ productId: product.id, quantity: 1, customTags: [] }], customerId: null, language: "ar", couponCode: null });
    orderIds.push(placed.id);
  }
  const stop = startOutbox({ intervalMs: 60_000 });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: BURST_CONCURRENCY }, async () => {
      while (next < orderIds.length) await setOrderStatus({ idOrNumber: orderIds[next++], status: "outForDelivery", admin });
    }),
  );
  await untilArrived(prefix, BURST, BURST_LIMIT_MS);
  const ms = performance.now() - started;
  await stop();
  return { ms, sent: countTo(prefix), duplicates: maxTo(prefix) > 1 };
}

let figures: Record<string, unknown> = {};
for (let tries = 0; tries < 60; tries++) {
  const outcome = await runExclusively(
    "outbox",
    10 * 60_000,
    async () => {
      const rates: number[] = [];
      for (let run = 0; run < THROUGHPUT_RUNS; run++) rates.push(await throughput(run));
      return { rates, burst: await burst() };
    },
    `bench-outbox-${stamp}`,
  );
  if (outcome.ran) {
    figures = outcome.result!;
    break;
  }
  // The server's own pass holds the lease for a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
}
process.stdout.write(`${JSON.stringify(figures)}\n`);
await prisma.$disconnect();
smtp.close();
process.exit(0);
