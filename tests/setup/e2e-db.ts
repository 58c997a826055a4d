/** Rows the browser tests need that no page creates yet (accounts to sign in with, paid orders), written straight into the e2e database. */
import crypto from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { hashPassword } from "../../app/auth/password.server";
import { E2E_DATABASE } from "../../playwright.config";

const now = () => new Date().toISOString().replace("Z", "+00:00");

function open() {
  const db = new Database(path.resolve(E2E_DATABASE));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

export async function createCustomer(email: string, password: string): Promise<string> {
  const id = `e2e${crypto.randomBytes(10).toString("hex")}`;
  const passwordHash = await hashPassword(password);
  const db = open();
  db.prepare(
    `INSERT INTO "Customer" (id, email, isVerified, verifiedAt, fullName, phone, passwordHash, createdAt, updatedAt)
     VALUES (?, ?, 1, ?, 'E2E Shopper', '51234567', ?, ?, ?)`,
  ).run(id, email, now(), passwordHash, now(), now());
  db.close();
  return id;
}

export function createPaidOrder(customerId: string, order: { orderNumber: string; createdAt: string; status: string; totalFils: number }) {
  const db = open();
  const id = `e2e${crypto.randomBytes(10).toString("hex")}`;
  db.prepare(
    `INSERT INTO "Order" (id, orderNumber, customerId, isGuest, language, fullName, email, phone, buildingType, city, street, streetNumber, block,
       buildingNumber, subtotalFils, deliveryFeeFils, totalFils, status, paymentStatus, paidAt, createdAt, updatedAt)
     VALUES (?, ?, ?, 0, 'ar', 'E2E Shopper', 'e2e@example.com', '51234567', 'Apartment', 'Hawalli', 'Tunis St', '3', '2', '14', ?, 1800, ?, ?, 'paid', ?, ?, ?)`,
  ).run(id, order.orderNumber, customerId, order.totalFils - 1800, order.totalFils, order.status, order.createdAt, order.createdAt, now());
  db.prepare(
    `INSERT INTO "OrderItem" (id, orderId, nameEn, nameAr, imageUrl, priceFils, quantity, customTags) VALUES (?, ?, ?, ?, '/images/logo.svg', ?, 2, ?)`,
  ).run(`${id}i`, id, "Pink bow", "فيونكة وردية", (order.totalFils - 1800) / 2, JSON.stringify([{ titleEn: "Name", titleAr: "الاسم", value: "Lulu" }, { titleEn: "Class", titleAr: "الصف", value: "KG2" }]));
  db.close();
}
