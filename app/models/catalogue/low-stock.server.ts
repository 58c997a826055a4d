import { prisma, type Prisma } from "~/db.server";
import { lowStockDigestMail, type LowStockProduct } from "~/mail/owner-notices.server";
import { nudgeOutbox, queueEmail } from "~/models/messaging/index.server";
import { startTimedJob } from "~/models/shop/index.server";
import { optionTexts } from "./product-variant.server";

/**
 * Low stock (issue 16): a visible product whose units for sale are at or below its own threshold. Units held for
 * unpaid orders do not count: most of them are sold within minutes, and the owner reorders for what is left.
 */
export function lowStockWhere(): Prisma.ProductWhereInput {
  return { isVisible: true, stockQuantity: { lte: prisma.product.fields.lowStockThreshold } };
}

/** A product with options is low as soon as one of its variants shown is at or below the product's threshold (issue 31). */
type LowVariant = { productId: string; nameEn: string; nameAr: string; optionValues: unknown; stockQuantity: number; lowStockThreshold: number };
async function lowVariants(): Promise<LowVariant[]> {
  const rows = await prisma.$queryRaw<LowVariant[]>`
    SELECT v."productId", p."nameEn", p."nameAr", v."optionValues", v."stockQuantity", p."lowStockThreshold"
    FROM "ProductVariant" v JOIN "Product" p ON p."id" = v."productId"
    WHERE p."hasOptions" = TRUE AND p."isVisible" = TRUE AND v."isHidden" = FALSE AND v."stockQuantity" <= p."lowStockThreshold"`;
  return rows.map((row) => ({ ...row, stockQuantity: Number(row.stockQuantity), lowStockThreshold: Number(row.lowStockThreshold) }));
}

/** The owner's low-stock filter: the products low by their own count, and those with a low variant. */
export async function lowStockProductsWhere(): Promise<Prisma.ProductWhereInput> {
  const ids = [...new Set((await lowVariants()).map((row) => row.productId))];
  return ids.length ? { OR: [lowStockWhere(), { isVisible: true, id: { in: ids } }] } : lowStockWhere();
}

/** The fewest units first, so the digest starts with what has run out; a low variant is a line of its own, with its values. */
export async function listLowStockProducts(): Promise<LowStockProduct[]> {
  const [products, variants] = await Promise.all([
    prisma.product.findMany({
      where: { ...lowStockWhere(), hasOptions: false },
      select: { id: true, nameEn: true, nameAr: true, stockQuantity: true, lowStockThreshold: true },
    }),
    lowVariants(),
  ]);
  const named = variants.map((row) => {
    const values = (language: "en" | "ar") => optionTexts(row.optionValues as never).map((value) => value[language]).join(" / ");
    return { id: row.productId, nameEn: `${row.nameEn} (${values("en")})`, nameAr: `${row.nameAr} (${values("ar")})`, stockQuantity: row.stockQuantity, lowStockThreshold: row.lowStockThreshold };
  });
  return [...products, ...named].sort((a, b) => a.stockQuantity - b.stockQuantity || (a.nameEn < b.nameEn ? -1 : a.nameEn > b.nameEn ? 1 : 0));
}

/** The digest goes from this Kuwait hour on (Kuwait has no daylight saving: UTC+3 all year). */
export const DIGEST_HOUR_KUWAIT = 8;
const KUWAIT_OFFSET_MS = 3 * 60 * 60 * 1000;
/** The ShopSetting row that remembers the last Kuwait day a digest was taken for. */
const LAST_DIGEST_DAY = "lowStockDigestDay";

/** The Kuwait calendar day (YYYY-MM-DD) and hour of an instant. */
export function kuwaitDayAndHour(now: Date): { day: string; hour: number } {
  const local = new Date(now.getTime() + KUWAIT_OFFSET_MS);
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/**
 * Takes today's digest for this caller, in one statement valid on both engines: the row is created, or moved on to
 * today from an earlier day. Two servers (or two passes) asking at once cannot both get it; the primary key and the
 * conditional update decide, as for a job's lease. Days compare as text, which YYYY-MM-DD allows.
 */
async function takeDigestDay(tx: Prisma.TransactionClient, day: string, now: Date): Promise<boolean> {
  const taken = await tx.$executeRaw`
    INSERT INTO "ShopSetting" ("key", "value", "updatedAt") VALUES (${LAST_DIGEST_DAY}, ${day}, ${now})
    ON CONFLICT ("key") DO UPDATE SET "value" = ${day}, "updatedAt" = ${now}
    WHERE "ShopSetting"."value" < ${day}`;
  return taken === 1;
}

export type DigestOutcome = "early" | "alreadySent" | "nothingLow" | "sent";

/**
 * Once per Kuwait day, from 08:00 Kuwait: e-mails OWNER_EMAIL the visible products at or below their threshold,
 * nothing when none is. The day is taken in the transaction that queues the mail in the outbox (decision 0054), so
 * restarts and several servers send it once, and a mail server that is down delays the digest instead of losing it.
 */
export async function sendLowStockDigestIfDue(now = new Date()): Promise<DigestOutcome> {
  const { day, hour } = kuwaitDayAndHour(now);
  if (hour < DIGEST_HOUR_KUWAIT) return "early";
  const before = await prisma.shopSetting.findUnique({ where: { key: LAST_DIGEST_DAY }, select: { value: true } });
  if (before && before.value >= day) return "alreadySent";
  const products = await listLowStockProducts();
  const mail = products.length ? lowStockDigestMail(products, day) : null;
  const taken = await prisma.$transaction(async (tx) => {
    if (!(await takeDigestDay(tx, day, now))) return false;
    if (mail) await queueEmail(tx, { to: mail.to, kind: "mail", params: { subject: mail.subject, text: mail.text, html: mail.html } });
    return true;
  });
  if (!taken) return "alreadySent";
  if (!mail) return "nothingLow";
  nudgeOutbox();
  return "sent";
}

/** Looks every 15 minutes (first a minute after start) whether today's digest is due, on one server at a time. */
export function startLowStockDigest(intervalMs = 15 * 60_000): () => Promise<void> {
  return startTimedJob("low-stock-digest", { intervalMs, firstDelayMs: 60_000, holdMs: 10 * 60_000 }, () => sendLowStockDigestIfDue());
}
