/**
 * Load data for benchmarks, never for the demo: 50,000 orders over the past year (about 5,000 phones, most paid),
 * each with one to three lines. Rows go in through prepared statements, 1,000 orders per transaction, straight
 * into SQLite (through Prisma the same load takes about 50 s; this way, a few seconds).
 * Usage: DATABASE_URL=file:./tests/.tmp/load.db tsx scripts/seed-load-orders.ts [count]
 */
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { resolveSqliteUrl } from "../app/utils/database-url";

const STATUSES = ["pending", "processing", "outForDelivery", "delivered", "delivered", "delivered", "cancelled"];
const NAMES = ["Fatima", "Noura", "Maryam", "Sara", "Aisha", "Dana", "Lulwa", "Hessa", "Reem", "Shaikha"];
const FAMILIES = ["Al-Sabah", "Al-Mutairi", "Al-Ajmi", "Al-Enezi", "Al-Rashidi", "Al-Kandari", "Hassan", "Al-Shammari"];
const AREAS = [
  { city: "Hawalli", fee: 1800 },
  { city: "Salmiya", fee: 1800 },
  { city: "Jahra", fee: 2500 },
  { city: "Kaifan", fee: 1500 },
  { city: "Farwaniya", fee: 1700 },
];
const BATCH = 1000;

function pick<T>(items: readonly T[], n: number): T {
  return items[n % items.length];
}

/** Prisma's SQLite adapter stores DateTime as ISO text with an explicit offset; the rows must read back the same. */
function sqliteDate(date: Date): string {
  return date.toISOString().replace("Z", "+00:00");
}

export function seedLoadOrders(databaseUrl: string, count = 50_000, now = new Date()): { orders: number; items: number; milliseconds: number } {
  const started = Date.now();
  const db = new Database(resolveSqliteUrl(databaseUrl).replace(/^file:/, ""));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  const insertOrder = db.prepare(`INSERT INTO "Order" ("id","orderNumber","isGuest","language","fullName","email","phone","buildingType","city","street",
    "streetNumber","block","buildingNumber","subtotalFils","deliveryFeeFils","totalFils","status","paymentStatus","paidAt","createdAt","updatedAt")
    VALUES (@id,@orderNumber,1,'ar',@fullName,@email,@phone,@buildingType,@city,@street,@streetNumber,@block,@buildingNumber,
    @subtotalFils,@deliveryFeeFils,@totalFils,@status,@paymentStatus,@paidAt,@createdAt,@updatedAt)`);
  const insertLine = db.prepare(`INSERT INTO "OrderItem" ("id","orderId","nameEn","nameAr","imageUrl","priceFils","quantity","customTags")
    VALUES (@id,@orderId,@nameEn,@nameAr,@imageUrl,@priceFils,@quantity,@customTags)`);
  const insertBatch = db.transaction((orders: Record<string, unknown>[], lines: Record<string, unknown>[]) => {
    for (const order of orders) insertOrder.run(order);
    for (const line of lines) insertLine.run(line);
  });
  const phones = Array.from({ length: Math.max(1, Math.round(count / 10)) }, (_, i) => `${pick(["5", "6", "9"], i)}${String(1000000 + i * 7).slice(-7)}`);
  const run = crypto.randomBytes(3).toString("hex");
  let items = 0;
  for (let start = 0; start < count; start += BATCH) {
    const orders = [];
    const lines = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const id = `load${run}${i.toString(36).padStart(6, "0")}`;
      const phoneIndex = crypto.randomInt(phones.length);
      const area = pick(AREAS, phoneIndex);
      const createdAt = new Date(now.getTime() - crypto.randomInt(365 * 24 * 60) * 60_000);
      const lineCount = 1 + (i % 3);
      let subtotal = 0;
      for (let l = 0; l < lineCount; l++) {
        const price = 500 + crypto.randomInt(60) * 125;
        const quantity = 1 + crypto.randomInt(3);
        subtotal += price * quantity;
        lines.push({
          id: `${id}l${l}`,
          orderId: id,
          nameEn: `Load item ${l}`,
          nameAr: `منتج تجريبي ${l}`,
          imageUrl: "/uploads/catalogue/seed-product-01-main.webp",
          priceFils: price,
          quantity,
          customTags: JSON.stringify(l === 0 ? [{ titleEn: "Name", titleAr: "الاسم", value: "Sara" }] : []),
        });
      }
      const roll = crypto.randomInt(100);
      const paymentStatus = roll < 85 ? "paid" : roll < 95 ? "unpaid" : "failed";
      orders.push({
        id,
        orderNumber: `ORD-9${run.replace(/\D/g, "").padEnd(2, "1").slice(0, 2)}${String(i).padStart(8, "0")}`,
        fullName: `${pick(NAMES, phoneIndex)} ${pick(FAMILIES, phoneIndex)}`,
        email: `load${phoneIndex}@example.com`,
        phone: phones[phoneIndex],
        buildingType: "Apartment",
        city: area.city,
        street: "Load Street",
        streetNumber: "1",
        block: String(1 + (phoneIndex % 12)),
        buildingNumber: String(1 + (phoneIndex % 40)),
        subtotalFils: subtotal,
        deliveryFeeFils: area.fee,
        totalFils: subtotal + area.fee,
        status: paymentStatus === "paid" ? pick(STATUSES, i) : "pending",
        paymentStatus,
        paidAt: paymentStatus === "paid" ? sqliteDate(createdAt) : null,
        createdAt: sqliteDate(createdAt),
        updatedAt: sqliteDate(createdAt),
      });
    }
    insertBatch(orders, lines);
    items += lines.length;
  }
  db.exec("ANALYZE");
  db.close();
  return { orders: count, items, milliseconds: Date.now() - started };
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("Set DATABASE_URL to the database to load (never the shop's real one).\n");
    process.exit(1);
  }
  const result = seedLoadOrders(url, Number(process.argv[2]) || 50_000);
  process.stdout.write(`Loaded ${result.orders} orders and ${result.items} lines in ${result.milliseconds} ms\n`);
}
