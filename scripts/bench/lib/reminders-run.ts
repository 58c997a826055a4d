/**
 * The payment reminders bench's own process (scripts/bench/reminders.ts): 100,000 orders, 10,000 of them unpaid with a
 * reminder to come, then passes of the reminder job (`remindUnpaidOrders`) with a few orders due each time. The job
 * reads the due orders through the index on `Order.nextReminderAt` (decision 0085), so a pass costs what is due, not
 * what the table holds. Prints one JSON line of figures.
 */
import crypto from "node:crypto";

const ORDERS = 100_000;
const UNPAID = 10_000;
// 1,000 rows of 20 columns stay under PostgreSQL's 32,767 bind parameters, so Prisma sends each as one statement
// (a larger batch is split and its parts sent at once on the transaction's one connection, which pg deprecates).
const BATCH = 1_000;
const PASSES = 15;
const DUE_PER_PASS = 5;
const HOUR = 60 * 60 * 1000;

process.env.APP_URL ??= "http://127.0.0.1";
const { prisma, prepareDatabase } = await import("../../../app/db.server");
const { remindUnpaidOrders } = await import("../../../app/models/payments/index.server");
await prepareDatabase();

const stamp = crypto.randomBytes(4).toString("hex");
const now = Date.now();
for (let start = 0; start < ORDERS; start += BATCH) {
  const rows = Array.from({ length: BATCH }, (_, offset) => {
    const index = start + offset;
    const unpaid = index < UNPAID;
    // The unpaid ones were placed over the last 20 hours; their next reminder is still ahead, but a few per pass.
    const createdAt = new Date(now - (unpaid ? (index % 1200) * 60_000 : (index % 365) * 24 * HOUR));
    return {
      id: `bench-remind-${stamp}-${index}`,
      orderNumber: `BR-${stamp}-${index}`,
      fullName: "Bench Shopper",
      email: `bench-${index}@example.com`,
      phone: `6${String(index % 10_000_000).padStart(7, "0")}`,
      buildingType: "Apartment",
      city: "Hawalli",
      street: "Tunis",
      streetNumber: "1",
      block: "2",
      buildingNumber: "3",
      subtotalFils: 3000,
      deliveryFeeFils: 1000,
      totalFils: 4000,
      paymentStatus: unpaid ? "failed" : "paid",
      paidAt: unpaid ? null : createdAt,
      createdAt,
      nextReminderAt: unpaid ? new Date(now + HOUR + index * 1000) : null,
      reminderStep: unpaid ? 1 : 0,
    };
  });
  await prisma.order.createMany({ data: rows });
}

const durations: number[] = [];
for (let pass = 0; pass < PASSES; pass++) {
  // A few orders come due before each pass: those are read, checked and moved on (they have no payment page, so no message).
  const due = await prisma.order.findMany({ where: { id: { startsWith: `bench-remind-${stamp}-` }, nextReminderAt: { gt: new Date(now) } }, orderBy: { nextReminderAt: "asc" }, take: DUE_PER_PASS, select: { id: true } });
  await prisma.order.updateMany({ where: { id: { in: due.map((row) => row.id) } }, data: { nextReminderAt: new Date(now - 1000) } });
  const started = performance.now();
  await remindUnpaidOrders(new Date(now));
  durations.push(performance.now() - started);
}
const left = await prisma.order.count({ where: { id: { startsWith: `bench-remind-${stamp}-` }, nextReminderAt: { lte: new Date(now) } } });
process.stdout.write(`${JSON.stringify({ durations, left })}\n`);
await prisma.$disconnect();
