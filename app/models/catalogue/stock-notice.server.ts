import crypto from "node:crypto";
import { isConstraintRefusal, prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import { localized, type Language } from "~/shared/language";
import { backInStockMail, stockNoticeConfirmationMail } from "~/mail/stock-notice-mail.server";
import { nudgeOutbox, queueEmail } from "~/models/messaging/index.server";
import { startTimedJob, hitRateLimit, shopNames } from "~/models/shop/index.server";
import { getVisibleProduct, isInStock } from "./product.server";
import { optionTexts } from "./product-variant.server";
import { logFailure } from "~/utils/logger.server";

/** Sign-ups per client address: a shopper signs up for a few products, a script for thousands of addresses. */
export const STOCK_NOTICE_SIGNUPS_PER_WINDOW = 20;
export const STOCK_NOTICE_WINDOW_SECONDS = 600;
/** Mails one pass sends at most; the rest wait for the next pass a minute later. */
const NOTICES_PER_PASS = 200;
/** Confirmation mails one address gets at most per day, however often strangers type it. */
export const CONFIRMATION_MAILS_PER_DAY = 3;
/** One back-in-stock mail per address and product in this time, however often the product sells out and returns. */
export const MAIL_INTERVAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A sign-up that is taken is answered the same way (201, "received") whether the address is new, already waits,
 * is confirmed or not, or has had its confirmation mails for the day: the answer tells a stranger nothing about it.
 */
export type StockNoticeSignUp =
  | { ok: true; status: 201; outcome: "received"; email: string }
  | { ok: false; status: 429; outcome: "tooMany"; retryAfterSeconds: number }
  | { ok: false; status: 404 | 409; outcome: "notFound" | "inStock" }
  | { ok: false; status: 400; outcome: "variantRequired"; productName: { en: string; ar: string } };

/** A notice's mail goes out only while a shopper could buy the product: what the product page shows as in stock. */
const FOR_SALE: Prisma.ProductWhereInput = { isVisible: true, isAvailable: true, stockQuantity: { gt: 0 }, category: { isVisible: true } };

/**
 * ...and, for a product with options, while the variant waited for can be bought (issue 31). A product without
 * options keeps its stock on its own row, so its one variant is not asked; a notice without a variant (signed up
 * before options, or its variant deleted since) waits for any.
 */
const VARIANT_FOR_SALE: Prisma.StockNoticeWhereInput = {
  OR: [
    { variantId: null },
    { product: { hasOptions: false } },
    { variant: { isHidden: false, isAvailable: true, stockQuantity: { gt: 0 } } },
  ],
};

/**
 * The product page's "Notify me" and `POST /api/products/{id}/notify`. `email` is already checked and lower case
 * (EmailSchema). A second sign-up while one waits is the same one; after the mail has gone, a new sign-up waits
 * again. Only an out-of-stock product takes sign-ups (409 otherwise): the shopper can buy it now. An address that has
 * not confirmed gets a confirmation mail (at most CONFIRMATION_MAILS_PER_DAY a day) and nothing else until it does.
 * A product with options is waited for one variant at a time: `variantId` names one of its shown variants (400
 * otherwise, as an order without one), and only that variant's stock counts; without options it is ignored.
 */
export async function signUpForStockNotice(
  input: { productId: string; variantId?: string | null; email: string; language: Language },
  { address }: { address: string },
): Promise<StockNoticeSignUp> {
  const limit = await hitRateLimit(`stock-notice:ip:${address}`, STOCK_NOTICE_SIGNUPS_PER_WINDOW, STOCK_NOTICE_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, status: 429, outcome: "tooMany", retryAfterSeconds: limit.retryAfterSeconds };
  const product = await getVisibleProduct(input.productId);
  if (!product) return { ok: false, status: 404, outcome: "notFound" };
  const variant = product.hasOptions ? product.variants.find((row) => row.id === input.variantId) : null;
  if (product.hasOptions && !variant) return { ok: false, status: 400, outcome: "variantRequired", productName: { en: product.nameEn, ar: product.nameAr } };
  if (isInStock(product) && (!variant || isInStock(variant))) return { ok: false, status: 409, outcome: "inStock" };
  const { productId, email, language } = input;
  // Without options the product is its own one variant, whose id is the product's: every notice names a variant,
  // so the unique (productId, variantId, email) holds for all of them.
  const variantId = variant?.id ?? productId;
  await ensureAddress(email);
  try {
    await prisma.stockNotice.create({ data: { productId, variantId, email, language, token: newToken() } });
  } catch (error) {
    if (!isNoticeTaken(error)) throw error;
    // The unique (productId, variantId, email) refused a second row, also when two sign-ups raced: one row, one
    // mail. After its mail, the notice waits again (the one-mail-a-week rule still holds at sending).
    await prisma.stockNotice.updateMany({ where: { productId, variantId, email }, data: { notifiedAt: null, language } });
  }
  // In the background: how long a mail takes must not tell a confirmed address from one that is not.
  askToConfirm(email, language).catch((error: unknown) => {
    logFailure("stock-notice confirmation mail", error);
  });
  return { ok: true, status: 201, outcome: "received", email };
}

/** SQLite names the index's columns, PostgreSQL its name. */
function isNoticeTaken(error: unknown): boolean {
  return isConstraintRefusal(error, "unique", "StockNotice", "productId") || isConstraintRefusal(error, "unique", "StockNotice", "productId_variantId_email");
}

async function ensureAddress(email: string) {
  if (await prisma.stockNoticeAddress.findUnique({ where: { email }, select: { email: true } })) return;
  try {
    await prisma.stockNoticeAddress.create({ data: { email } });
  } catch (error) {
    // Another sign-up of the same address made it first.
    if (!isConstraintRefusal(error, "unique", "StockNoticeAddress", "email")) throw error;
  }
}

/** Mails an unconfirmed address its confirmation link, within the daily allowance of that address. */
async function askToConfirm(email: string, language: Language, now = new Date()) {
  const address = await prisma.stockNoticeAddress.findUnique({ where: { email } });
  if (!address || address.confirmedAt) return;
  const allowance = await hitRateLimit(`stock-notice-confirm:${email}`, CONFIRMATION_MAILS_PER_DAY, DAY_MS / 1000, now);
  if (!allowance.allowed) return;
  // One token per address, made once: two sign-ups at the same moment both send the same link.
  if (!address.token) await prisma.stockNoticeAddress.updateMany({ where: { email, token: null }, data: { token: newToken() } });
  const { token } = await prisma.stockNoticeAddress.findUniqueOrThrow({ where: { email }, select: { token: true } });
  const confirmUrl = `${getEnv().appUrl}/stock-notices/confirm?token=${token}`;
  const mail = stockNoticeConfirmationMail({ to: email, language, confirmUrl, shop: await shopNames() });
  // Through the outbox (decision 0054): a mail server that is down delays the link instead of losing it.
  await queueEmail(prisma, { to: email, kind: "mail", language, params: { subject: mail.subject, text: mail.text, html: mail.html } });
  nudgeOutbox();
}

/** The address a confirmation link names, and whether it has confirmed; null for a token that names none. */
export async function findStockNoticeAddress(token: unknown): Promise<{ email: string; confirmed: boolean } | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const address = await prisma.stockNoticeAddress.findUnique({ where: { token }, select: { email: true, confirmedAt: true } });
  return address ? { email: address.email, confirmed: address.confirmedAt !== null } : null;
}

/**
 * The confirmation page's button: from now on the address's notices are mailed, and those whose product is already
 * back go out at once. Confirming twice is confirming once. Answers the address, or null for an unknown token.
 */
export async function confirmStockNoticeAddress(token: unknown, now = new Date()): Promise<string | null> {
  const address = await findStockNoticeAddress(token);
  if (!address) return null;
  await prisma.stockNoticeAddress.updateMany({ where: { email: address.email, confirmedAt: null }, data: { confirmedAt: now } });
  const waiting = await prisma.stockNotice.findMany({ where: { email: address.email, notifiedAt: null }, select: { productId: true } });
  // Awaited, not left running: a pass still under way when the page answers could take a mail a later restock owes.
  if (waiting.length > 0) await sendBackInStockNotices({ productIds: waiting.map((notice) => notice.productId) });
  return address.email;
}

/**
 * Notices whose mail may go now: waiting, product for sale, address confirmed, and no mail about this product to
 * this address in the last MAIL_INTERVAL_DAYS (a product bought out and released again and again mails once a week).
 */
function dueNotices(now: Date): Prisma.StockNoticeWhereInput {
  const weekAgo = new Date(now.getTime() - MAIL_INTERVAL_DAYS * DAY_MS);
  return {
    notifiedAt: null,
    product: FOR_SALE,
    address: { confirmedAt: { not: null } },
    AND: [VARIANT_FOR_SALE, { OR: [{ lastMailedAt: null }, { lastMailedAt: { lte: weekAgo } }] }],
  };
}

/** 24 random bytes in base64url; anything else is answered as unknown without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{32}$/;

function newToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * Queues the mail of every waiting notice whose product is for sale again (of `productIds` only, when given), and
 * answers how many. Each notice is claimed by one conditional update (`notifiedAt` from NULL to now) in the
 * transaction that queues its mail: two passes at once, on two servers or a pass and the hook after a stock change,
 * can both find a notice, and only one of them queues it; the outbox's sender retries a mail that fails. One bad
 * row does not stop the rest.
 */
export async function sendBackInStockNotices({ productIds, now = new Date() }: { productIds?: string[]; now?: Date } = {}): Promise<number> {
  const due = dueNotices(now);
  const waiting = await prisma.stockNotice.findMany({
    where: { ...due, ...(productIds ? { productId: { in: productIds } } : {}) },
    select: {
      id: true,
      email: true,
      language: true,
      token: true,
      lastMailedAt: true,
      product: { select: { id: true, nameEn: true, nameAr: true, hasOptions: true } },
      variant: { select: { id: true, optionValues: true } },
    },
    orderBy: { createdAt: "asc" },
    take: NOTICES_PER_PASS,
  });
  const { appUrl } = getEnv();
  let sent = 0;
  for (const notice of waiting) {
    try {
      const language: Language = notice.language === "en" ? "en" : "ar";
      // A variant's mail names its values and links to its page (`?variant=`), which shows that variant.
      const variant = notice.product.hasOptions ? notice.variant : null;
      const values = variant ? optionTexts(variant.optionValues).map((value) => localized(language, value)) : [];
      const name = language === "en" ? notice.product.nameEn : notice.product.nameAr;
      const mail = backInStockMail({
        to: notice.email,
        language,
        productName: values.length ? `${name} (${values.join(" / ")})` : name,
        productUrl: `${appUrl}/product/${encodeURIComponent(notice.product.id)}${variant ? `?variant=${encodeURIComponent(variant.id)}` : ""}`,
        unsubscribeUrl: `${appUrl}/stock-notices/unsubscribe?token=${notice.token}`,
      });
      // The notice is claimed in the transaction that queues its mail (decision 0054): of several passes one mails
      // it, and a mail server that is down, or a process that dies, delays the mail instead of losing it.
      const claimed = await prisma.$transaction(async (tx) => {
        const { count } = await tx.stockNotice.updateMany({ where: { id: notice.id, ...due }, data: { notifiedAt: now, lastMailedAt: now } });
        if (count === 1) await queueEmail(tx, { to: notice.email, kind: "mail", language, params: { subject: mail.subject, text: mail.text, html: mail.html } });
        return count === 1;
      });
      if (claimed) sent += 1;
    } catch (error) {
      logFailure(`back-in-stock notice ${notice.id}`, error);
    }
  }
  if (sent) nudgeOutbox();
  return sent;
}

/**
 * Called after a write that may have put products back on sale (the owner's stock count, a released hold): the
 * mails start at once instead of at the next timed pass. The caller does not wait for them.
 */
export function noticeStockReturned(productIds: string[]): void {
  if (productIds.length === 0) return;
  sendBackInStockNotices({ productIds }).catch((error: unknown) => {
    logFailure("back-in-stock notices", error);
  });
}

/** The timed pass (every minute, one server at a time) catches what no hook saw: a product shown again, a category made visible. */
export function startStockNotices(intervalMs = 60_000): () => Promise<void> {
  return startTimedJob("stock-notices", { intervalMs, holdMs: Math.max(5 * 60_000, 2 * intervalMs) }, () => sendBackInStockNotices());
}

/** The address behind an unsubscribe link, or null for a token that names no notice (or is not a token at all). */
export async function findStockNoticeEmail(token: unknown): Promise<string | null> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
  const notice = await prisma.stockNotice.findUnique({ where: { token }, select: { email: true } });
  return notice?.email ?? null;
}

/**
 * The mail's unsubscribe link: removes every notice of that address, waiting or sent, and its confirmation, so a
 * later sign-up by anyone has to be confirmed again. Answers the address, or null.
 */
export async function unsubscribeStockNotices(token: unknown): Promise<string | null> {
  const email = await findStockNoticeEmail(token);
  if (!email) return null;
  await prisma.stockNoticeAddress.deleteMany({ where: { email } });
  await prisma.stockNotice.deleteMany({ where: { email } });
  return email;
}
