import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient as SqliteClient } from "../app/generated/prisma/client";
import { PrismaClient as PostgresqlClient } from "../app/generated/prisma-postgresql/client";
import { createAdmin } from "../tests/factories/admin";
import { createCategory } from "../tests/factories/category";
import { createCustomer } from "../tests/factories/customer";
import { createDeliveryArea } from "../tests/factories/delivery-area";
import { createOrder } from "../tests/factories/order";
import { createProduct, createProductWithOptions, NAME_TO_PRINT } from "../tests/factories/product";
import { createSession } from "../tests/factories/session";
import { Prisma } from "../app/generated/prisma/client";
import { COPIED_MODELS, keyOf, NOT_COPIED_MODELS } from "./db-copy";
import { createCoupon } from "../tests/factories/coupon";
import { startPostgresCluster, type PostgresCluster } from "./lib/postgres-cluster";

/** A SQLite shop of its own, filled through the test factories, copied into a PostgreSQL cluster of its own. */
const sourceFile = path.resolve("tests/.tmp", `db-copy-${process.pid}.db`);
const port = 14_000 + (process.pid % 1000);
let cluster: PostgresCluster;
let targetUrl: string;
let source: SqliteClient;
/** The tables this shop leaves empty; every other one has rows, so an empty copy of it would show. */
const NOT_FILLED = new Set(["oneTimeCode", "orderStatusChange", "testProviderPayment"]);

function copy() {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/db-copy.ts", "--from", `file:${sourceFile}`, "--to", targetUrl], { encoding: "utf8", env: process.env });
}

beforeAll(async () => {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sourceFile + suffix, { force: true });
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: `file:${sourceFile}` }, stdio: "pipe" });
  source = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: `file:${sourceFile}` }) });
  cluster = startPostgresCluster(path.resolve("tests/.tmp", `db-copy-postgresql-${port}`), port, { tries: 5 });
  targetUrl = cluster.createDatabase("copy");

  const category = await createCategory(source);
  const product = await createProduct(source, { categoryId: category.id, nameAr: "ربطة شعر ستان وردية", stockQuantity: 7, tags: [NAME_TO_PRINT] });
  await source.productImage.create({ data: { productId: product.id, url: "/uploads/products/a.webp", position: 1 } });
  await source.product.update({ where: { id: product.id }, data: { heldQuantity: 2 } });
  // A product with options: its options and variants (JSON values in both languages) travel too.
  await createProductWithOptions(source, [{ nameEn: "Colour", nameAr: "اللون", values: [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }] }], [
    { optionValues: [{ en: "Red", ar: "أحمر" }], priceFils: 1250, stockQuantity: 3 },
    { optionValues: [{ en: "Blue", ar: "أزرق" }], priceFils: 1500, stockQuantity: 0, isAvailable: false },
  ], { categoryId: category.id });
  await createDeliveryArea(source);
  const customer = await createCustomer(source);
  await createSession(source, { customerId: customer.id });
  await createAdmin(source);
  const paid = await createOrder(source, {
    customerId: customer.id,
    fullName: "نورة الصباح",
    createdAt: new Date("2026-03-01T21:30:00.123Z"),
    items: [{ nameEn: "Satin Bow", nameAr: "فيونكة ستان", priceFils: 2750, quantity: 2, productId: product.id, customTags: [{ ...NAME_TO_PRINT, value: "ليان" }] }],
  });
  const payment = await source.payment.create({ data: { orderId: paid.id, provider: "test", providerPaymentId: "tp_1", status: "paid", amountFils: paid.totalFils, cardLast4: "1111" } });
  const refund = await source.refund.create({ data: { orderId: paid.id, paymentId: payment.id, amountFils: 1000, status: "refunded", requestedBy: "admin@localhost" } });
  await source.creditNote.create({
    data: { number: "CN-000000000001", refundId: refund.id, orderId: paid.id, amountFils: 1000, refundedBeforeFils: 0, remainingPaidFils: paid.totalFils - 1000, pdf: new Uint8Array(Buffer.from("%PDF-1.4 إشعار دائن\n%%EOF\n")) },
  });
  await source.order.update({ where: { id: paid.id }, data: { refundedFils: 1000 } });
  await source.storedInvoice.create({ data: { orderNumber: paid.orderNumber, pdf: new Uint8Array(Buffer.from("%PDF-1.4 فاتورة\n%%EOF\n")) } });
  await createOrder(source, { paymentStatus: "unpaid" });
  const coupon = await createCoupon(source, { maxUses: 5 });
  await source.order.update({ where: { id: paid.id }, data: { couponCode: coupon.code, discountFils: 500 } });
  await source.couponUse.create({ data: { couponId: coupon.id, orderId: paid.id, email: "noura@example.com", phone: "51234567" } });
  await source.shopSetting.create({ data: { key: "freeDeliveryFromFils", value: "15000" } });
  await source.stockNoticeAddress.create({ data: { email: "noura@example.com", token: "c".repeat(32), confirmedAt: new Date("2026-05-02T08:00:00Z") } });
  await source.stockNotice.create({ data: { productId: product.id, email: "noura@example.com", language: "ar", token: "t".repeat(32) } });
  // The tables added since the copy was written (a saved cart, issue 45; staff, audit, outbox, returns): each must travel too.
  await source.savedCart.create({ data: { customerId: customer.id, lines: [{ productId: product.id, quantity: 2, customTags: ["ليان"] }], version: 3 } });
  const staff = await createAdmin(source, { role: "orders" });
  await source.adminInvitation.create({ data: { adminId: staff.id, tokenHash: "h".repeat(43), expiresAt: new Date("2026-05-03T08:00:00Z") } });
  await source.adminRecoveryCode.create({ data: { adminId: staff.id, codeHash: "r".repeat(43) } });
  await source.auditEntry.create({ data: { actorEmail: "owner@example.com", actorRole: "owner", action: "order.status", entityType: "order", entityId: paid.id, summary: "حالة الطلب" } });
  await source.outboxMessage.create({ data: { orderId: paid.id, channel: "email", kind: "paid", language: "ar", recipient: "noura@example.com" } });
  await source.whatsAppTemplateState.createMany({ data: [{ name: "order_status", language: "en", status: "PAUSED" }, { name: "order_status", language: "ar" }] });
  await source.feedStamp.create({ data: { key: "google:ar", etag: '"feed-1"', changedAt: new Date("2026-05-02T09:00:00Z") } });
  const item = await source.orderItem.findFirstOrThrow({ where: { orderId: paid.id } });
  const asked = await source.return.create({ data: { number: "RET-000000000001", orderId: paid.id, resolution: "refund", refundFils: 2750 } });
  await source.returnItem.create({ data: { returnId: asked.id, orderItemId: item.id, quantity: 1, reason: "damaged" } });
  await source.returnStatusChange.create({ data: { returnId: asked.id, toStatus: "requested", changedBy: "shopper" } });
  // Issues 47 and 48: a delivery window and a buyer's review.
  await source.deliveryWindow.create({ data: { id: "window-morning", fromTime: "09:00", toTime: "12:00", capacity: 5, days: "0,1,2,3,4" } });
  await source.review.create({ data: { orderId: paid.id, productId: product.id, rating: 5, body: "فيونكة جميلة جدًا", authorName: "نورة ا.", status: "published" } });
  // A catalogue export whose file may still come back after the move.
  await source.catalogueExport.create({ data: { id: "0a1b2c3d4e5f", at: new Date("2026-05-02T10:00:00Z"), stock: JSON.stringify({ [product.id]: "7" }) } });
}, 120_000);

afterAll(async () => {
  await source?.$disconnect();
  cluster?.stop();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sourceFile + suffix, { force: true });
});

describe("npm run db:copy", () => {
  it("copies every table of the schema but the few it names as made again", () => {
    const named = new Set<string>([...COPIED_MODELS, ...NOT_COPIED_MODELS]);
    const models = Object.values(Prisma.ModelName).map((name) => name.charAt(0).toLowerCase() + name.slice(1));
    expect(models.filter((model) => !named.has(model))).toEqual([]);
  });

  it("copies every row of a SQLite shop into an empty PostgreSQL database, exactly, and checks the totals", { timeout: 120_000 }, async () => {
    const run = copy();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("every count and total matches");
    expect(run.stdout).toMatch(/sum\.order\.totalFils\s+\d+\s+\d+/);

    const target = new PostgresqlClient({ adapter: new PrismaPg({ connectionString: targetUrl }) });
    try {
      for (const model of COPIED_MODELS) {
        const read = (client: unknown) => (client as Record<string, { findMany(args: unknown): Promise<unknown[]> }>)[model].findMany({ orderBy: keyOf(model) });
        const [before, after] = await Promise.all([read(source), read(target)]);
        expect(after, model).toEqual(before);
        if (!NOT_FILLED.has(model)) expect(before.length, model).toBeGreaterThan(0);
      }
      const order = await target.order.findFirstOrThrow({ where: { fullName: "نورة الصباح" }, include: { items: true } });
      expect(order.createdAt.toISOString()).toBe("2026-03-01T21:30:00.123Z");
      expect(order.items[0].customTags).toEqual([{ ...NAME_TO_PRINT, value: "ليان" }]);
      expect(order.refundedFils).toBe(1000);
    } finally {
      await target.$disconnect();
    }
  });

  it("refuses a target that already holds a shop, and changes nothing there", { timeout: 60_000 }, async () => {
    const target = new PostgresqlClient({ adapter: new PrismaPg({ connectionString: targetUrl }) });
    try {
      const before = await target.order.count();
      const run = copy();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("already holds shop rows");
      expect(await target.order.count()).toBe(before);
    } finally {
      await target.$disconnect();
    }
  });
});
