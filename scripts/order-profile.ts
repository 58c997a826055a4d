/**
 * What one order costs (docs/decisions/0062): a product without options against one of 20 variants, in one process.
 * Prints the statements of one order (SQLite: each statement the adapter prepares; PostgreSQL: each round trip, BEGIN
 * and COMMIT included), then, for each of `rounds` after a warm-up, orders a second with 16 buyers at a time and the
 * placing process's CPU time per order (steadier than a rate on a shared machine). `CAPPED=1`: each order from a
 * client address of its own, so the hold caps run as for every storefront order; `SHOW_SQL=1` prints the statements.
 *
 *   DATABASE_URL=file:/tmp/x.db npx tsx scripts/start.ts --migrate-only && DATABASE_URL=file:/tmp/x.db npx tsx scripts/order-profile.ts 600 3
 *   npx tsx scripts/order-profile-pg.ts 600 3     (the same on a throw-away PostgreSQL cluster)
 */
import pg from "pg";
import { median } from "./bench/lib/median";

const ORDERS = Number(process.argv[2] ?? 400);
const ROUNDS = Number(process.argv[3] ?? 3);
const CONCURRENCY = 16;

let roundTrips = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const { prisma, prepareDatabase, databaseEngine } = await import("../app/db.server");
const { placeOrder } = await import("../app/models/orders/index.server");
await prepareDatabase();

// SQLite: count statements the adapter runs (its better-sqlite3 handle's prepare calls run each once or more).
let statements = 0;
const Database = (await import("better-sqlite3")).default as unknown as { prototype: Record<string, (...a: unknown[]) => unknown> };
const originalPrepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: unknown, ...args: unknown[]) {
  statements++;
  if (process.env.SHOW_SQL) process.stderr.write(`${String(args[0]).replace(/\s+/g, " ").slice(0, 160)}\n`);
  return originalPrepare.apply(this, args);
};
const originalExec = Database.prototype.exec;
Database.prototype.exec = function (this: unknown, ...args: unknown[]) {
  statements++;
  if (process.env.SHOW_SQL) process.stderr.write(`exec ${String(args[0]).slice(0, 160)}\n`);
  return originalExec.apply(this, args);
};
if (databaseEngine === "postgresql") {
  const originalPgQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (process.env.SHOW_SQL) {
      const text = typeof args[0] === "string" ? args[0] : (args[0] as { text: string }).text;
      process.stderr.write(`${text.replace(/\s+/g, " ").slice(0, 160)}\n`);
    }
    return (originalPgQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const area = await prisma.deliveryArea.findFirstOrThrow({ orderBy: { position: "asc" } });
const category = await prisma.category.findFirstOrThrow();
const stock = ORDERS * ROUNDS * 4 + 100;
const base = { nameEn: "Bench Clip", nameAr: "مشبك تجربة", descriptionEn: "A clip", descriptionAr: "مشبك", priceFils: 1250, imageUrl: "/x.svg", categoryId: category.id };
const plain = await prisma.product.create({ data: { ...base, stockQuantity: stock } });
await prisma.productVariant.create({ data: { id: plain.id, productId: plain.id, priceFils: base.priceFils, stockQuantity: stock } });
const withOptions = await prisma.product.create({ data: { ...base, hasOptions: true, stockQuantity: stock * 20 } });
await prisma.productVariant.createMany({
  data: Array.from({ length: 20 }, (_, position) => ({
    productId: withOptions.id,
    position,
    optionValues: [{ en: `V${position}`, ar: `V${position}` }],
    priceFils: 1250,
    stockQuantity: stock,
  })),
});
const variants = await prisma.productVariant.findMany({ where: { productId: withOptions.id }, orderBy: { position: "asc" }, select: { id: true } });
const details = { buildingType: "Apartment", fullName: "سارة", email: "b@example.com", phone: "60000000", city: area.nameEn, street: "S", streetNumber: "1", block: "3", buildingNumber: "7" };
const capped = process.env.CAPPED === "1";
let clients = 0;
const order = (line: { productId: string; variantId?: string }, index: number) =>
  placeOrder({ details, lines: [{ ...line, quantity: 1, customTags: [] }], customerId: null, language: "ar", clientAddress: capped ? `10.${index % 7}.${Math.floor(++clients / 250) % 250}.${clients % 250}` : null, couponCode: null });

const cpu: Record<string, number[]> = { plain: [], variants: [] };
async function run(name: string, line: (index: number) => { productId: string; variantId?: string }) {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ORDERS) {
        const index = next++;
        await order(line(index), index);
      }
    }),
  );
  const used = process.cpuUsage(cpuStart);
  cpu[name].push((used.user + used.system) / ORDERS);
  return ORDERS / ((performance.now() - started) / 1000);
}
const kinds = {
  plain: () => ({ productId: plain.id }),
  variants: (index: number) => ({ productId: withOptions.id, variantId: variants[index % 20].id }),
};
// Statements and round trips of one order, after a warm-up.
for (const [name, line] of Object.entries(kinds)) {
  await order(line(0), 0);
  statements = 0;
  roundTrips = 0;
  if (process.env.SHOW_SQL) process.stderr.write(`--- ${name}\n`);
  await order(line(1), 1);
  process.stdout.write(`${name}: ${databaseEngine === "sqlite" ? `${statements} statements` : `${roundTrips} round trips`} per order\n`);
}
if (ROUNDS > 0) {
  // A warm-up of each kind first: the first run of a process pays for compiling the code it goes through.
  for (const [name, line] of Object.entries(kinds)) await run(name, line);
  cpu.plain.length = 0;
  cpu.variants.length = 0;
  const figures: Record<string, number[]> = { plain: [], variants: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, line] of Object.entries(kinds)) if (!process.env.ONLY || process.env.ONLY === name) figures[name].push(await run(name, line));
  }
  const cpuRatios = cpu.plain.map((plainCpu, index) => plainCpu / cpu.variants[index]);
  process.stdout.write(
    `CPU µs/order plain ${cpu.plain.map(Math.round).join(" ")} | variants ${cpu.variants.map(Math.round).join(" ")} | plain÷variants median ${median(cpuRatios).toFixed(2)}\n`,
  );
  const ratios = figures.plain.map((plainRate, index) => figures.variants[index] / plainRate);
  process.stdout.write(
    `orders/s plain ${figures.plain.map(Math.round).join(" ")} | variants ${figures.variants.map(Math.round).join(" ")} | ratio median ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(" ")})\n`,
  );
}
await prisma.$disconnect();
process.exit(0);
