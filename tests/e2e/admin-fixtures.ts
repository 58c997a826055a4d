/** Shared helpers for the admin browser tests: a signed-in administrator and pictures to upload. */
import type { BrowserContext, Page, Route } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import sharp from "sharp";
import { createAdmin } from "../factories/admin";
import { createSession } from "../factories/session";
import { e2eDatabase } from "../support/e2e-database";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin-password-e2e";
// The web server of playwright.config.ts signs cookies with this secret.
const SESSION_SECRET = "e2e-session-secret-0123456789";

/**
 * Signs the browser in as the administrator by creating the session row directly (only the login test uses the
 * form). `prisma` is the database of the shop at `baseURL`.
 */
export async function signInAsAdmin(context: BrowserContext, baseURL: string, prisma = e2eDatabase()) {
  const admin = await prisma.admin.findUniqueOrThrow({ where: { email: ADMIN_EMAIL } });
  const id = await createSession(prisma, { adminId: admin.id });
  const value = (await createCookie("__admin", { secrets: [SESSION_SECRET] }).serialize(id)).split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "__admin", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Signs the browser in as a new staff member of `role`, as `signInAsAdmin` does for the owner. */
export async function signInAsMember(context: BrowserContext, baseURL: string, role: "orders" | "catalogue", prisma = e2eDatabase()) {
  const admin = await createAdmin(prisma, { role });
  const id = await createSession(prisma, { adminId: admin.id });
  const value = (await createCookie("__admin", { secrets: [SESSION_SECRET] }).serialize(id)).split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "__admin", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return admin;
}

export async function useEnglish(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "lang", value: "en", url: baseURL }]);
}

export function pictureBuffer(color = "#e91e63"): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
}

/**
 * Holds the browser's requests for the products list until the returned function runs: the toast a saved product
 * shows before its timed way back to the list (a timer, or a refresh without JavaScript) stays on screen while the
 * test reads it, however slow the machine.
 */
export async function holdProductsList(page: Page): Promise<() => Promise<void>> {
  const pattern = /\/admin\/timsar\/products(\?.*)?$/;
  const held: Route[] = [];
  let released = false;
  const handler = (route: Route) => (released ? route.continue() : void held.push(route));
  await page.route(pattern, handler);
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(pattern, handler);
  };
}
