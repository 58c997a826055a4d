/**
 * Moves a SQLite shop into an empty PostgreSQL database (issue 14; how-to in docs/db-copy.md):
 *
 *   npm run db:copy -- --from file:./data/shop.db --to postgresql://shop@db.internal/shop
 *
 * The target is migrated first and must hold no shop rows. The source may be in use: it is read inside one read
 * transaction, a consistent snapshot whatever the shop writes meanwhile. Every row is copied as it is (ids, UTC
 * times, integer fils, JSON, PDFs), in one PostgreSQL transaction, so a failed copy leaves the target empty. Rate-limit
 * counters and job leases are not copied: they are minutes-long state the new servers make again; nor are the
 * catalogue's and products' versions, which the target's triggers write as the rows arrive. At the end the
 * counts and the money are compared on both sides, and any difference fails the copy.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../app/generated/prisma/client";
import { PrismaClient as PostgresqlClient } from "../app/generated/prisma-postgresql/client";
import { databaseEngineOf, resolveSqliteUrl } from "../app/utils/database-url";

/** Parents before children, so every foreign key finds its row. */
export const COPIED_MODELS = [
  "category",
  "product",
  "productImage",
  "productCustomTag",
  "productOption",
  "productVariant",
  "deliveryArea",
  "customer",
  "admin",
  "session",
  "oneTimeCode",
  "order",
  "orderItem",
  "orderStatusChange",
  "payment",
  "refund",
  "creditNote",
  "testProviderPayment",
  "storedInvoice",
  "coupon",
  "couponUse",
  "shopSetting",
  "stockNoticeAddress",
  "stockNotice",
  "savedCart",
  "adminInvitation",
  "adminRecoveryCode",
  "auditEntry",
  "outboxMessage",
  "whatsAppTemplateState",
  "feedStamp",
  "return",
  "returnItem",
  "returnStatusChange",
  "deliveryWindow",
  "review",
  "catalogueExport",
] as const;

/** Not copied: minutes-long state the new servers make again, and versions the target's triggers write. */
export const NOT_COPIED_MODELS = ["rateLimit", "jobLease", "catalogueVersion", "productVersion"] as const;

type Model = (typeof COPIED_MODELS)[number];
type AnyDelegate = {
  findMany(args?: unknown): Promise<Record<string, unknown>[]>;
  count(): Promise<number>;
  createMany(args: { data: Record<string, unknown>[] }): Promise<{ count: number }>;
};
type Client = SqliteClient | PostgresqlClient;
const delegate = (client: unknown, model: Model) => (client as Record<Model, AnyDelegate>)[model];

/**
 * Every model has an `id` but the invoice, keyed by its order number, a setting and a feed's stamp, by their key, a
 * back-in-stock address, by the address, a saved cart, by its customer, and a WhatsApp template's state, by its name
 * and language: rows are read in key order.
 */
const KEYS: Partial<Record<Model, string[]>> = {
  storedInvoice: ["orderNumber"],
  shopSetting: ["key"],
  stockNoticeAddress: ["email"],
  savedCart: ["customerId"],
  whatsAppTemplateState: ["name", "language"],
  feedStamp: ["key"],
};
/** The `orderBy` that reads a model's rows in key order. */
export const keyOf = (model: Model) => (KEYS[model] ?? ["id"]).map((field) => ({ [field]: "asc" as const }));

export type Figures = Record<string, number>;

/** What must be equal on both sides: rows per table, and the money and stock they add up to. */
export async function figuresOf(client: Client): Promise<Figures> {
  const figures: Figures = {};
  for (const model of COPIED_MODELS) figures[`rows.${model}`] = await delegate(client, model).count();
  const orders = await (client as SqliteClient).order.aggregate({ _sum: { totalFils: true, refundedFils: true, discountFils: true } });
  const stock = await (client as SqliteClient).product.aggregate({ _sum: { stockQuantity: true, heldQuantity: true } });
  figures["sum.order.totalFils"] = orders._sum.totalFils ?? 0;
  figures["sum.order.refundedFils"] = orders._sum.refundedFils ?? 0;
  figures["sum.order.discountFils"] = orders._sum.discountFils ?? 0;
  figures["sum.product.onHand"] = (stock._sum.stockQuantity ?? 0) + (stock._sum.heldQuantity ?? 0);
  figures["count.order.paid"] = await (client as SqliteClient).order.count({ where: { paymentStatus: "paid" } });
  return figures;
}

function argument(name: string): string {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? process.argv[index + 1] : undefined;
  if (!value) fail(`--${name} is missing.\nUsage: npm run db:copy -- --from file:./data/shop.db --to postgresql://user@host/database`);
  return value;
}

function fail(message: string): never {
  process.stderr.write(`db:copy: ${message}\n`);
  process.exit(1);
}

const BATCH = 1000;

async function main() {
  const from = argument("from");
  const to = argument("to");
  if (databaseEngineOf(from) !== "sqlite") fail("--from must be a SQLite file: URL");
  if (databaseEngineOf(to) !== "postgresql") fail("--to must be a postgresql:// URL");

  const migrated = spawnSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: to }, stdio: "inherit" });
  if (migrated.status !== 0) fail("could not migrate the target database");

  const source = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(from), timeout: 15_000 }) });
  const target = new PostgresqlClient({ adapter: new PrismaPg({ connectionString: to }) });
  try {
    const already = await figuresOf(target);
    const occupied = COPIED_MODELS.filter((model) => already[`rows.${model}`] > 0);
    if (occupied.length > 0) fail(`the target already holds shop rows (${occupied.join(", ")}): copy only into an empty database`);

    const sourceTables = await source.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'StoredInvoice'`);
    if (sourceTables.length === 0) fail("the source is not a shop database of this release: run this release's npm start on it once (it applies the migrations), then copy");

    // One read transaction: the snapshot every table is read from, while the shop may go on writing.
    const { rows, expected } = await source.$transaction(
      async (tx) => {
        const read: Partial<Record<Model, Record<string, unknown>[]>> = {};
        for (const model of COPIED_MODELS) read[model] = await delegate(tx, model).findMany({ orderBy: keyOf(model) });
        return { rows: read as Record<Model, Record<string, unknown>[]>, expected: await figuresOf(tx as unknown as SqliteClient) };
      },
      { timeout: 10 * 60_000, maxWait: 60_000 },
    );

    await target.$transaction(
      async (tx) => {
        for (const model of COPIED_MODELS) {
          for (let start = 0; start < rows[model].length; start += BATCH) {
            await delegate(tx, model).createMany({ data: rows[model].slice(start, start + BATCH) });
          }
        }
      },
      { timeout: 30 * 60_000, maxWait: 60_000 },
    );

    const copied = await figuresOf(target);
    const lines = Object.keys(expected).map((key) => `${key.padEnd(28)} ${String(expected[key]).padStart(12)} ${String(copied[key]).padStart(12)}${expected[key] === copied[key] ? "" : "  DIFFERENT"}`);
    process.stdout.write(`${"".padEnd(28)} ${"SQLite".padStart(12)} ${"PostgreSQL".padStart(12)}\n${lines.join("\n")}\n`);
    if (lines.some((line) => line.endsWith("DIFFERENT"))) fail("the copy differs from the source (see above)");
    process.stdout.write("db:copy: every count and total matches. Point DATABASE_URL at the PostgreSQL database and start the servers.\n");
  } finally {
    await source.$disconnect();
    await target.$disconnect();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) void main();
