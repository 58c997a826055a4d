import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { createCustomer } from "../factories/customer";
import { createSession } from "../factories/session";
import { signedCartCookie, type TestCartLine } from "./cart-cookie";
import { e2eDatabase } from "./e2e-database";

/** The e2e server's secret (playwright.config.ts). */
export const E2E_SECRET = "e2e-session-secret-0123456789";

export async function setCart(context: BrowserContext, baseURL: string, lines: TestCartLine[]) {
  await context.addCookies([{ name: "cart", value: await signedCartCookie(lines, E2E_SECRET), url: baseURL }]);
}

/** A signed-in shopper's cart is kept on the server, not in the cookie (decision 0086): fills it as the cart would. */
export async function setSavedCart(customerId: string, lines: TestCartLine[]) {
  await e2eDatabase().savedCart.upsert({ where: { customerId }, create: { customerId, lines }, update: { lines, version: { increment: 1 } } });
}

export async function setLanguage(context: BrowserContext, baseURL: string, language: "ar" | "en") {
  await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
}

/** Signs a shopper in by creating their session row directly, as the Epic Stack's fixtures do. */
export async function signInAs(context: BrowserContext, baseURL: string, customerId: string) {
  const sessionId = await createSession(e2eDatabase(), { customerId });
  const cookie = createCookie("__session", { path: "/", httpOnly: true, sameSite: "lax", secrets: [E2E_SECRET] });
  const value = (await cookie.serialize(sessionId)).split(";")[0].slice("__session=".length);
  await context.addCookies([{ name: "__session", value, url: baseURL }]);
}

export async function signInAsNewCustomer(context: BrowserContext, baseURL: string) {
  const profile = { fullName: "Noura Al-Sabah", phone: "99887766" };
  const customer = await createCustomer(e2eDatabase(), profile);
  await signInAs(context, baseURL, customer.id);
  return { id: customer.id, email: customer.email, ...profile };
}
