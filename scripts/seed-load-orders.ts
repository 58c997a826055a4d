/**
 * Load data for benchmarks, never for the demo: 50,000 orders over the past year (about 5,000 phones, most paid),
 * each with one to three lines. Rows go in through prepared statements, 1,000 orders per transaction, straight
 * into SQLite (through Prisma the same load takes about 50 s; this way, a few seconds), or as multi-row INSERTs
 * through `pg` into PostgreSQL.
 * Usage: DATABASE_URL=file:./tests/.tmp/load.db tsx scripts/seed-load-orders.ts [count]
 */
import crypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import pg from "pg";
import { databaseEngineOf, resolveSqliteUrl } from "../app/utils/database-url";

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

const ORDER_COLUMNS = ["id", "orderNumber", "fullName", "email", "phone", "buildingType", "city", "street", "streetNumber", "block", "buildingNumber", "subtotalFils", "deliveryFeeFils", "totalFils", "status", "paymentStatus", "paidAt", "createdAt", "updatedAt"];
const LINE_COLUMNS = ["id", "orderId", "productId", "nameEn", "nameAr", "imageUrl", "priceFils", "quantity", "customTags"];

/** PostgreSQL: one multi-row INSERT per table and batch, in one transaction per batch. */
async function insertIntoPostgresql(client: pg.Client, orders: Record<string, unknown>[], lines: Record<string, unknown>[]) {
  const insert = async (table: string, columns: string[], rows: Record<string, unknown>[], fixed: string) => {
    const values: unknown[] = [];
    const tuples = rows.map((row) => {
      const marks = columns.map((column) => {
        const value = row[column];
        values.push(typeof value === "string" && /At$/.test(column) ? new Date(value.replace("+00:00", "Z")) : value);
        return `$${values.length}`;
      });
      return `(${marks.join(",")}${fixed ? `,${fixed}` : ""})`;
    });
    const extra = table === "Order" ? ',"isGuest","language"' : "";
    await client.query(`INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(",")}${extra}) VALUES ${tuples.join(",")}`, values);
  };
  await client.query("BEGIN");
  await insert("Order", ORDER_COLUMNS, orders, "TRUE,'ar'");
  await insert("OrderItem", LINE_COLUMNS, lines.map((line) => ({ ...line })), "");
  await client.query("COMMIT");
}

export async function seedLoadOrders(databaseUrl: string, count = 50_000, now = new Date()): Promise<{ orders: number; items: number; milliseconds: number }> {
  const started = Date.now();
  if (databaseEngineOf(databaseUrl) === "postgresql") {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const products = (await client.query<{ id: string }>('SELECT "id" FROM "Product"')).rows.map((row) => row.id);
      const items = await generate(count, now, products, (orders, lines) => insertIntoPostgresql(client, orders, lines));
      await client.query("ANALYZE");
      return { orders: count, items, milliseconds: Date.now() - started };
    } finally {
      await client.end();
    }
  }
  const db = new Database(resolveSqliteUrl(databaseUrl).replace(/^file:/, ""));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  const insertOrder = db.prepare(`INSERT INTO "Order" ("id","orderNumber","isGuest","language","fullName","email","phone","buildingType","city","street",
    "streetNumber","block","buildingNumber","subtotalFils","deliveryFeeFils","totalFils","status","paymentStatus","paidAt","createdAt","updatedAt")
    VALUES (@id,@orderNumber,1,'ar',@fullName,@email,@phone,@buildingType,@city,@street,@streetNumber,@block,@buildingNumber,
    @subtotalFils,@deliveryFeeFils,@totalFils,@status,@paymentStatus,@paidAt,@createdAt,@updatedAt)`);
  const insertLine = db.prepare(`INSERT INTO "OrderItem" ("id","orderId","productId","nameEn","nameAr","imageUrl","priceFils","quantity","customTags")
    VALUES (@id,@orderId,@productId,@nameEn,@nameAr,@imageUrl,@priceFils,@quantity,@customTags)`);
  const insertBatch = db.transaction((orders: Record<string, unknown>[], lines: Record<string, unknown>[]) => {
    for (const order of orders) insertOrder.run(order);
    for (const line of lines) insertLine.run(line);
  });
  const products = db.prepare('SELECT "id" FROM "Product"').pluck().all() as string[];
  const items = await generate(count, now, products, async (orders, lines) => insertBatch(orders, lines));
  db.exec("ANALYZE");
  db.close();
  return { orders: count, items, milliseconds: Date.now() - started };
}

/**
 * Makes the orders, a batch at a time, and hands each batch to `write`; answers the number of lines. Each line names
 * one of `products` (the database's own, so the sales report's best sellers group real rows), or none when empty.
 */
async function generate(count: number, now: Date, products: string[], write: (orders: Record<string, unknown>[], lines: Record<string, unknown>[]) => Promise<void>): Promise<number> {
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
          productId: products.length ? products[crypto.randomInt(products.length)] : null,
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
    await write(orders, lines);
    items += lines.length;
  }
  return items;
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? "")).href) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write("Set DATABASE_URL to the database to load (never the shop's real one).\n");
    process.exit(1);
  }
  const result = await seedLoadOrders(url, Number(process.argv[2]) || 50_000);
  process.stdout.write(`Loaded ${result.orders} orders and ${result.items} lines in ${result.milliseconds} ms\n`);
}
