import crypto from "node:crypto";
import { isConstraintRefusal, prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import type { Language } from "~/i18n/config";
import { backInStockMail } from "~/mail/stock-notice-mail.server";
import { sendMail } from "~/mail/send.server";
import { startTimedJob } from "~/models/job-lease.server";
import { getVisibleProduct, isInStock } from "~/models/product.server";
import { hitRateLimit } from "~/models/rate-limit.server";
import { redactText } from "~/utils/redact";

/** Sign-ups per client address: a shopper signs up for a few products, a script for thousands of addresses. */
export const STOCK_NOTICE_SIGNUPS_PER_WINDOW = 20;
export const STOCK_NOTICE_WINDOW_SECONDS = 600;
/** Mails one pass sends at most; the rest wait for the next pass a minute later. */
const NOTICES_PER_PASS = 200;

export type StockNoticeSignUp =
  | { ok: true; status: 201 | 200; outcome: "saved" | "already"; email: string }
  | { ok: false; status: 404 | 409 | 429; outcome: "notFound" | "inStock" | "tooMany" };

/** A notice's mail goes out only while a shopper could buy the product: what the product page shows as in stock. */
const FOR_SALE: Prisma.ProductWhereInput = { isVisible: true, isAvailable: true, stockQuantity: { gt: 0 }, category: { isVisible: true } };

/**
 * The product page's "Notify me" and `POST /api/products/{id}/notify`. `email` is already checked and lower case
 * (EmailSchema). A second sign-up while one waits is the same one (200); after the mail has gone, a new sign-up
 * waits again (201). Only an out-of-stock product takes sign-ups (409 otherwise): the shopper can buy it now.
 */
export async function signUpForStockNotice(
  input: { productId: string; email: string; language: Language },
  { address }: { address: string },
): Promise<StockNoticeSignUp> {
  const limit = await hitRateLimit(`stock-notice:ip:${address}`, STOCK_NOTICE_SIGNUPS_PER_WINDOW, STOCK_NOTICE_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, outcome: "tooMany" };
  const product = await getVisibleProduct(input.productId);
  if (!product) return { ok: false, status: 404, outcome: "notFound" };
  if (isInStock(product)) return { ok: false, status: 409, outcome: "inStock" };
  const { productId, email, language } = input;
  try {
    await prisma.stockNotice.create({ data: { productId, email, language, token: newToken() } });
    return { ok: true, status: 201, outcome: "saved", email };
  } catch (error) {
    if (!isConstraintRefusal(error, "unique", "StockNotice", "email")) throw error;
  }
  // The unique (productId, email) refused a second row, also when two sign-ups raced: one row, one mail.
  const again = await prisma.stockNotice.updateMany({ where: { productId, email, notifiedAt: { not: null } }, data: { notifiedAt: null, language } });
  if (again.count === 1) return { ok: true, status: 201, outcome: "saved", email };
  await prisma.stockNotice.updateMany({ where: { productId, email }, data: { language } });
  return { ok: true, status: 200, outcome: "already", email };
}

/** 24 random bytes in base64url; anything else is answered as unknown without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

function newToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * Mails every waiting notice whose product is for sale again (of `productIds` only, when given). Each notice is
 * claimed before its mail by one conditional update (`notifiedAt` from NULL to now): two passes at once, on two
 * servers or a pass and the hook after a stock change, can both find a notice, and only one of them sends it. A mail
 * that fails is given back to the next pass; a process killed between claim and mail loses that one mail rather
 * than ever sending two. One bad row does not stop the rest.
 */
export async function sendBackInStockNotices({ productIds, now = new Date() }: { productIds?: string[]; now?: Date } = {}): Promise<number> {
  const waiting = await prisma.stockNotice.findMany({
    where: { notifiedAt: null, product: FOR_SALE, ...(productIds ? { productId: { in: productIds } } : {}) },
    select: { id: true, email: true, language: true, token: true, product: { select: { id: true, nameEn: true, nameAr: true } } },
    orderBy: { createdAt: "asc" },
    take: NOTICES_PER_PASS,
  });
  const { appUrl } = getEnv();
  let sent = 0;
  for (const notice of waiting) {
    try {
      const claimed = await prisma.stockNotice.updateMany({ where: { id: notice.id, notifiedAt: null, product: FOR_SALE }, data: { notifiedAt: now } });
      if (claimed.count !== 1) continue;
      const language: Language = notice.language === "en" ? "en" : "ar";
      try {
        await sendMail(
          backInStockMail({
            to: notice.email,
            language,
            productName: language === "en" ? notice.product.nameEn : notice.product.nameAr,
            productUrl: `${appUrl}/product/${encodeURIComponent(notice.product.id)}`,
            unsubscribeUrl: `${appUrl}/stock-notices/unsubscribe?token=${notice.token}`,
          }),
        );
        sent += 1;
      } catch (error) {
        await prisma.stockNotice.updateMany({ where: { id: notice.id, notifiedAt: now }, data: { notifiedAt: null } });
        throw error;
      }
    } catch (error) {
      process.stderr.write(`back-in-stock notice ${notice.id}: ${redactText(error instanceof Error ? error.message : String(error))}\n`);
    }
  }
  return sent;
}

/**
 * Called after a write that may have put products back on sale (the owner's stock count, a released hold): the
 * mails start at once instead of at the next timed pass. The caller does not wait for them.
 */
export function noticeStockReturned(productIds: string[]): void {
  if (productIds.length === 0) return;
  sendBackInStockNotices({ productIds }).catch((error: unknown) => {
    process.stderr.write(`back-in-stock notices: ${redactText(error instanceof Error ? error.message : String(error))}\n`);
  });
}

/** The timed pass (every minute, one server at a time) catches what no hook saw: a product shown again, a category made visible, a mail that failed. */
export function startStockNotices(intervalMs = 60_000): () => Promise<void> {
  return startTimedJob("stock-notices", { intervalMs, holdMs: Math.max(5 * 60_000, 2 * intervalMs) }, () => sendBackInStockNotices());
}

/** The address behind an unsubscribe link, or null for a token that names no notice (or is not a token at all). */
export async function findStockNoticeEmail(token: unknown): Promise<string | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const notice = await prisma.stockNotice.findUnique({ where: { token }, select: { email: true } });
  return notice?.email ?? null;
}

/** The mail's unsubscribe link: removes every notice of that address, waiting or sent. Answers the address, or null. */
export async function unsubscribeStockNotices(token: unknown): Promise<string | null> {
  const email = await findStockNoticeEmail(token);
  if (!email) return null;
  await prisma.stockNotice.deleteMany({ where: { email } });
  return email;
}
