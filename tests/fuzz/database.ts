/**
 * The fuzz server's own database: migrated fresh, seeded with a small shop through the factories, kept stocked
 * between rounds (the fuzz may delete what it finds), and summed up in a fingerprint that a refused request must
 * leave as it was.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../../app/generated/prisma/client";
import { getAdminSessionCookie } from "../../app/auth/admin-session.server";
import { getCustomerSessionCookie } from "../../app/auth/session.server";
import { hashPassword } from "../../app/models/accounts/index.server";
import { createCategory } from "../factories/category";
import { createCustomer } from "../factories/customer";
import { createDeliveryArea } from "../factories/delivery-area";
import { createOrder } from "../factories/order";
import { createProduct, NAME_TO_PRINT } from "../factories/product";
import { uniqueId } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import type { Pool } from "./requests";

export const CUSTOMER_PASSWORD = "fuzz-customer-password";

export function freshDatabase(file: string): { url: string; db: PrismaClient } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  const url = `file:${file}`;
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
  return { url, db: e2eDatabase(file) };
}

export function removeDatabase(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

type Fixed = { adminSessionId: string; adminId: string; customerSessionId: string; customerId: string; customerEmail: string; customerHash: string };

/** The administrator (made by the server at start-up), a shopper with a password, and their sessions. */
export async function seedPeople(db: PrismaClient, adminEmail: string): Promise<Fixed> {
  const admin = await db.admin.findUniqueOrThrow({ where: { email: adminEmail } });
  const customer = await createCustomer(db, { password: CUSTOMER_PASSWORD, fullName: "متسوق تجريبي" });
  const fixed = {
    adminId: admin.id,
    adminSessionId: uniqueId("fuzz-admin-session-0123456789"),
    customerId: customer.id,
    customerSessionId: uniqueId("fuzz-customer-session-0123456789"),
    customerEmail: customer.email,
    customerHash: customer.passwordHash ?? (await hashPassword(CUSTOMER_PASSWORD)),
  };
  await keepPeople(db, fixed);
  return fixed;
}

/**
 * Puts back what a successful fuzz request may have taken away: a logout revokes the session rows the generated
 * requests carry, and a password change with the right old password makes the shopper's password unknown.
 */
export async function keepPeople(db: PrismaClient, fixed: Fixed) {
  const expiresAt = new Date(Date.now() + 3600_000);
  await db.session.upsert({
    where: { id: fixed.adminSessionId },
    create: { id: fixed.adminSessionId, kind: "admin", adminId: fixed.adminId, expiresAt },
    update: { expiresAt },
  });
  await db.session.upsert({
    where: { id: fixed.customerSessionId },
    create: { id: fixed.customerSessionId, kind: "customer", customerId: fixed.customerId, expiresAt },
    update: { expiresAt },
  });
  await db.customer.updateMany({ where: { id: fixed.customerId, NOT: { passwordHash: fixed.customerHash } }, data: { passwordHash: fixed.customerHash } });
}

/** Enough of a shop for requests to reach past "not found": visible products in stock, categories, paid orders. */
export async function keepStocked(db: PrismaClient, customerId: string) {
  const visible = await db.product.count({ where: { isVisible: true, stockQuantity: { gt: 0 }, category: { isVisible: true } } });
  for (let i = visible; i < 4; i++) {
    const category = await createCategory(db);
    await createProduct(db, { categoryId: category.id, stockQuantity: 50, tags: i % 2 === 0 ? [NAME_TO_PRINT] : [] });
  }
  if ((await db.category.count()) < 3) await createCategory(db, { isVisible: false });
  const paid = await db.order.count({ where: { paymentStatus: "paid" } });
  for (let i = paid; i < 3; i++) {
    const order = await createOrder(db, { customerId: i === 0 ? customerId : null });
    await db.payment.create({
      data: { orderId: order.id, provider: "test", providerPaymentId: uniqueId("fuzz-paid"), status: "paid", amountFils: order.totalFils },
    });
  }
  if ((await db.order.count({ where: { paymentStatus: "unpaid" } })) < 1) await createOrder(db, { paymentStatus: "unpaid" });
  if ((await db.deliveryArea.count()) < 1) await createDeliveryArea(db, 1800);
}

export async function currentPool(db: PrismaClient, fixed: Fixed, env: { adminEmail: string; adminPassword: string }): Promise<Pool> {
  const [products, categories, orders, payments, customers, areas] = await Promise.all([
    db.product.findMany({ select: { id: true }, take: 50, orderBy: { createdAt: "desc" } }),
    db.category.findMany({ select: { id: true, slug: true }, take: 50, orderBy: { createdAt: "desc" } }),
    db.order.findMany({ select: { id: true, orderNumber: true, phone: true }, take: 50, orderBy: { createdAt: "desc" } }),
    db.payment.findMany({ select: { id: true }, take: 50, orderBy: { createdAt: "desc" } }),
    db.customer.findMany({ select: { phone: true }, take: 20 }),
    db.deliveryArea.findMany({ select: { nameEn: true }, take: 20 }),
  ]);
  return {
    productIds: products.map((row) => row.id),
    categoryIds: categories.map((row) => row.id),
    categorySlugs: categories.map((row) => row.slug),
    orderIds: orders.map((row) => row.id),
    orderNumbers: orders.map((row) => row.orderNumber),
    orderSessionIds: payments.map((row) => row.id),
    phones: [...orders.map((row) => row.phone), ...customers.map((row) => row.phone ?? "")].filter(Boolean),
    cities: areas.map((row) => row.nameEn),
    adminCookie: (await getAdminSessionCookie().serialize(fixed.adminSessionId)).split(";")[0],
    customerCookie: (await getCustomerSessionCookie().serialize(fixed.customerSessionId)).split(";")[0],
    customerToken: fixed.customerSessionId,
    customerEmail: fixed.customerEmail,
    customerPassword: CUSTOMER_PASSWORD,
    adminEmail: env.adminEmail,
    adminPassword: env.adminPassword,
  };
}

/**
 * Counts and sums of what the shop keeps. Sessions, rate-limit counters and one-time codes are left out: a refused
 * login or a wrong code may rightly create or count them. `updatedAt` catches an edit that keeps every count.
 */
const FINGERPRINT_SQL = `SELECT
  (SELECT count(*) || '/' || coalesce(sum("isVisible"), 0) || '/' || coalesce(max("updatedAt"), '') FROM "Category") AS categories,
  (SELECT count(*) || '/' || coalesce(sum("stockQuantity"), 0) || '/' || coalesce(sum("priceFils"), 0) || '/' || coalesce(sum("isVisible"), 0) || '/' || coalesce(max("updatedAt"), '') FROM "Product") AS products,
  (SELECT count(*) FROM "ProductImage") AS productImages,
  (SELECT count(*) FROM "ProductCustomTag") AS productTags,
  (SELECT count(*) || '/' || coalesce(max("updatedAt"), '') FROM "Customer") AS customers,
  (SELECT count(*) || '/' || coalesce(max("updatedAt"), '') FROM "Admin") AS admins,
  (SELECT count(*) || '/' || coalesce(sum("totalFils"), 0) || '/' || coalesce(sum("refundedFils"), 0) || '/' || coalesce(max("updatedAt"), '') FROM "Order") AS orders,
  (SELECT group_concat("status" || ':' || "paymentStatus" || ':' || n) FROM (SELECT "status", "paymentStatus", count(*) AS n FROM "Order" GROUP BY 1, 2 ORDER BY 1, 2)) AS orderStates,
  (SELECT count(*) || '/' || coalesce(sum("quantity"), 0) FROM "OrderItem") AS orderItems,
  (SELECT count(*) FROM "OrderStatusChange") AS statusChanges,
  (SELECT count(*) || '/' || coalesce(sum("amountFils"), 0) || '/' || coalesce(max("updatedAt"), '') FROM "Payment") AS payments,
  (SELECT count(*) || '/' || coalesce(sum("amountFils"), 0) || '/' || coalesce(max("updatedAt"), '') FROM "Refund") AS refunds,
  (SELECT count(*) FROM "DeliveryArea") AS deliveryAreas,
  (SELECT count(*) || '/' || coalesce(max("updatedAt"), '') FROM "TestProviderPayment") AS testPayments`;

export type Fingerprint = Record<string, string>;

export async function fingerprint(db: PrismaClient): Promise<Fingerprint> {
  const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(FINGERPRINT_SQL);
  return Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, String(value)]));
}

export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after)
    .filter((key) => before[key] !== after[key])
    .map((key) => `${key}: ${before[key]} → ${after[key]}`);
}
