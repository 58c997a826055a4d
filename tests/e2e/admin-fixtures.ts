/** Shared helpers for the admin browser tests: the e2e database and a signed-in administrator. */
import crypto from "node:crypto";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import sharp from "sharp";
import { PrismaClient } from "../../app/generated/prisma/client";
import { resolveSqliteUrl } from "../../app/utils/database-url";

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "admin-password-e2e";
// The web server of playwright.config.ts signs cookies with this secret.
const SESSION_SECRET = "e2e-session-secret-0123456789";

const clients = new Map<string, PrismaClient>();

/** The database of a web server of playwright.config.ts: the main shop's unless another file is named. */
export function e2eDatabase(file = "tests/.tmp/e2e.db"): PrismaClient {
  let client = clients.get(file);
  if (!client) {
    client = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(`file:${path.resolve(file)}`), timeout: 5000 }) });
    clients.set(file, client);
  }
  return client;
}

/**
 * Signs the browser in as the administrator by creating the session row directly (only the login test uses the
 * form). `prisma` is the database of the shop at `baseURL`.
 */
export async function signInAsAdmin(context: BrowserContext, baseURL: string, prisma = e2eDatabase()) {
  const admin = await prisma.admin.findUniqueOrThrow({ where: { email: ADMIN_EMAIL } });
  const id = crypto.randomBytes(32).toString("base64url");
  await prisma.session.create({ data: { id, kind: "admin", adminId: admin.id, expiresAt: new Date(Date.now() + 3600_000) } });
  const value = (await createCookie("__admin", { secrets: [SESSION_SECRET] }).serialize(id)).split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "__admin", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

export async function useEnglish(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: "lang", value: "en", url: baseURL }]);
}

export function pictureBuffer(color = "#e91e63"): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } }).png().toBuffer();
}

export function unique(prefix: string): string {
  return `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
}
