import crypto from "node:crypto";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { signedCartCookie, type TestCartLine } from "./cart-cookie";

/** The e2e server's secret and database (playwright.config.ts). */
export const E2E_SECRET = "e2e-session-secret-0123456789";
const E2E_DATABASE = path.resolve("tests/.tmp/e2e.db");

export async function setCart(context: BrowserContext, baseURL: string, lines: TestCartLine[]) {
  await context.addCookies([{ name: "cart", value: await signedCartCookie(lines, E2E_SECRET), url: baseURL }]);
}

export async function setLanguage(context: BrowserContext, baseURL: string, language: "ar" | "en") {
  await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
}

/** Signs in by creating the customer and its session row directly, as the Epic Stack's fixtures do. */
export async function signInAsNewCustomer(context: BrowserContext, baseURL: string) {
  const id = `e2e-${crypto.randomBytes(6).toString("hex")}`;
  const customer = { id, email: `${id}@example.com`, fullName: "Noura Al-Sabah", phone: "99887766" };
  const sessionId = crypto.randomBytes(32).toString("base64url");
  const now = new Date().toISOString().replace("Z", "+00:00");
  const expires = new Date(Date.now() + 86_400_000).toISOString().replace("Z", "+00:00");
  const db = new Database(E2E_DATABASE);
  try {
    db.prepare(
      `INSERT INTO "Customer" (id, email, isVerified, fullName, phone, createdAt, updatedAt) VALUES (?, ?, 1, ?, ?, ?, ?)`,
    ).run(customer.id, customer.email, customer.fullName, customer.phone, now, now);
    db.prepare(`INSERT INTO "Session" (id, kind, expiresAt, createdAt, customerId) VALUES (?, 'customer', ?, ?, ?)`).run(
      sessionId,
      expires,
      now,
      customer.id,
    );
  } finally {
    db.close();
  }
  const cookie = createCookie("__session", { path: "/", httpOnly: true, sameSite: "lax", secrets: [E2E_SECRET] });
  const value = (await cookie.serialize(sessionId)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ name: "__session", value, url: baseURL }]);
  return customer;
}
