import { prisma, type Prisma } from "~/db.server";
import { audited, cachedCatalogue, type AuditActor } from "~/models/shop/index.server";
import { dayOrInstant, kuwaitDateKey } from "~/shared/admin-dates";
import { COUPON_CODE_PATTERN, normalizeCouponCode, type CouponFormValue, type CouponKind } from "~/shared/coupon-schema";
import { filsToKDInput, parseKDToFils } from "~/shared/money-input";
import type { CouponTerms } from "~/shared/order-totals";

/**
 * Discount codes (issue 16, docs/decisions/0026-discount-codes.md). This module answers whether a code may be used
 * now on a cart; the order's placing batch (app/models/orders/order.server.ts) takes a use under the code's limits in the
 * same transaction as the order, so the limits hold however many shoppers race for the last use.
 */
export type CouponProblem = "unknown" | "notStarted" | "expired" | "usedUp" | "alreadyUsed" | "belowMinimum";

export type UsableCoupon = CouponTerms & {
  id: string;
  code: string;
  minProductsFils: number | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

export type CouponCheck = { ok: true; coupon: UsableCoupon } | { ok: false; problem: CouponProblem; minProductsFils?: number };

const COUPON_FIELDS = {
  id: true,
  code: true,
  kind: true,
  value: true,
  minProductsFils: true,
  startsAt: true,
  endsAt: true,
  maxUses: true,
  maxUsesPerCustomer: true,
  freeDelivery: true,
  isEnabled: true,
  createdAt: true,
  updatedAt: true,
} as const;

/**
 * The owner's view of a code adds how many orders hold a use of it now: its use rows, one per order, removed when an
 * unpaid order is released. They are counted when read rather than kept in a counter on the code's row, which every
 * order would have had to lock in turn (docs/decisions/0096).
 */
const COUPON_RECORD_FIELDS = { ...COUPON_FIELDS, _count: { select: { uses: true } } } as const;

type CouponRow = Awaited<ReturnType<typeof findCoupon>> & {};

/**
 * The shop's codes, a few dozen, in one kept read checked against the catalogue's version (docs/decisions/0096): no
 * order writes a code's row, and every change the owner makes moves the version, so a code switched off is refused
 * on the next order on every server. One entry for all, so a stream of guessed codes keeps nothing.
 */
async function findCoupon(code: string) {
  const codes = await cachedCatalogue(
    "coupons",
    async () => new Map((await prisma.coupon.findMany({ select: COUPON_FIELDS })).map((row) => [row.code, row])),
    "list",
  );
  return codes.get(code) ?? null;
}

/** The customer whose earlier uses count: by e-mail (lower case, as orders keep it) or by phone. */
export type CouponCustomer = { email?: string | null; phone?: string | null };

/**
 * A use counts while its order holds it: a paid order for good, an unpaid one only until its stock hold ends
 * (`reservedUntil`), even before the payment timer has released it (issue 27). The placing batch counts the same way.
 */
function liveUse(now: Date) {
  return { order: { OR: [{ paymentStatus: { not: "unpaid" } }, { reservedUntil: { gt: now } }] } };
}

async function usesBy(couponId: string, customer: CouponCustomer, now: Date): Promise<number> {
  const who = [
    ...(customer.email ? [{ email: customer.email.trim().toLowerCase() }] : []),
    ...(customer.phone ? [{ phone: customer.phone.trim() }] : []),
  ];
  if (who.length === 0) return 0;
  return prisma.couponUse.count({ where: { couponId, OR: who, ...liveUse(now) } });
}

async function liveUses(couponId: string, now: Date): Promise<number> {
  return prisma.couponUse.count({ where: { couponId, ...liveUse(now) } });
}

/**
 * Whether `rawCode` can be used now on a products total of `productsTotalFils`, and by this customer when known.
 * A disabled code reads as unknown: a shopper learns nothing about codes the owner has switched off.
 */
export async function checkCoupon(rawCode: string, productsTotalFils: number, customer: CouponCustomer = {}, now = new Date()): Promise<CouponCheck> {
  const code = normalizeCouponCode(rawCode);
  if (!COUPON_CODE_PATTERN.test(code)) return { ok: false, problem: "unknown" };
  const row = await findCoupon(code);
  if (!row || !row.isEnabled) return { ok: false, problem: "unknown" };
  if (row.startsAt && now < row.startsAt) return { ok: false, problem: "notStarted" };
  if (row.endsAt && now >= row.endsAt) return { ok: false, problem: "expired" };
  if (row.maxUses !== null && (await liveUses(row.id, now)) >= row.maxUses) return { ok: false, problem: "usedUp" };
  if (row.minProductsFils !== null && productsTotalFils < row.minProductsFils) {
    return { ok: false, problem: "belowMinimum", minProductsFils: row.minProductsFils };
  }
  if (row.maxUsesPerCustomer !== null && (await usesBy(row.id, customer, now)) >= row.maxUsesPerCustomer) return { ok: false, problem: "alreadyUsed" };
  return { ok: true, coupon: usableCoupon(row) };
}

function usableCoupon(row: CouponRow): UsableCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as CouponKind,
    value: row.value,
    freeDelivery: row.freeDelivery,
    minProductsFils: row.minProductsFils,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
  };
}

// ---- The owner's side: list, create, edit, switch on and off, delete.

/**
 * The form's value as stored: fils, instants for the first moment of the start day and the first after the end day,
 * or the instants the API gave as date-times.
 */
function couponData(value: CouponFormValue) {
  return {
    code: value.code,
    kind: value.kind,
    value: value.kind === "percent" ? Number(value.value) : (value.value === undefined ? 0 : (parseKDToFils(value.value) ?? 0)),
    minProductsFils: value.minProductsTotal === undefined ? null : parseKDToFils(value.minProductsTotal),
    startsAt: value.startsOn ? dayOrInstant(value.startsOn, "start") : null,
    endsAt: value.endsOn ? dayOrInstant(value.endsOn, "end") : null,
    maxUses: value.maxUses === undefined ? null : Number(value.maxUses),
    maxUsesPerCustomer: value.maxUsesPerCustomer === undefined ? null : Number(value.maxUsesPerCustomer),
    freeDelivery: value.freeDelivery,
    isEnabled: value.isEnabled,
  };
}

export type CouponSaveResult = { ok: true; id: string } | { ok: false; reason: "duplicateCode" | "notFound" };

function isDuplicateCode(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

export async function createCoupon(value: CouponFormValue, actor?: AuditActor): Promise<CouponSaveResult> {
  try {
    const row = await audited(
      actor,
      (tx) => tx.coupon.create({ data: couponData(value), select: { id: true } }),
      (created) => ({ action: "create", entityType: "coupon", entityId: created.id, params: { code: value.code } }),
    );
    return { ok: true, id: row.id };
  } catch (error) {
    if (isDuplicateCode(error)) return { ok: false, reason: "duplicateCode" };
    throw error;
  }
}

export async function updateCoupon(id: string, value: CouponFormValue, actor?: AuditActor): Promise<CouponSaveResult> {
  try {
    const changed = await audited(
      actor,
      (tx) => tx.coupon.updateMany({ where: { id }, data: couponData(value) }),
      (result) => (result.count === 1 ? { action: "update", entityType: "coupon", entityId: id, params: { code: value.code } } : null),
    );
    return changed.count === 1 ? { ok: true, id } : { ok: false, reason: "notFound" };
  } catch (error) {
    if (isDuplicateCode(error)) return { ok: false, reason: "duplicateCode" };
    throw error;
  }
}

export async function setCouponEnabled(id: string, isEnabled: boolean, actor?: AuditActor): Promise<boolean> {
  const changed = await audited(
    actor,
    (tx) => tx.coupon.updateMany({ where: { id }, data: { isEnabled } }),
    (result) => (result.count === 1 ? { action: isEnabled ? "enable" : "disable", entityType: "coupon", entityId: id, params: {} } : null),
  );
  return changed.count === 1;
}

/** Orders keep the code's text and their discount, so deleting a code changes no order. */
export async function deleteCoupon(id: string, actor?: AuditActor): Promise<boolean> {
  const deleted = await audited(
    actor,
    (tx) => tx.coupon.deleteMany({ where: { id } }),
    (result) => (result.count === 1 ? { action: "delete", entityType: "coupon", entityId: id, params: {} } : null),
  );
  return deleted.count === 1;
}

function couponRecord({ _count, ...row }: Prisma.CouponGetPayload<{ select: typeof COUPON_RECORD_FIELDS }>) {
  return { ...row, usedCount: _count.uses };
}

export type CouponRecord = ReturnType<typeof couponRecord>;

export async function listCoupons(): Promise<CouponRecord[]> {
  const rows = await prisma.coupon.findMany({ select: COUPON_RECORD_FIELDS, orderBy: { createdAt: "desc" } });
  return rows.map(couponRecord);
}

export async function getCoupon(id: string): Promise<CouponRecord | null> {
  const row = await prisma.coupon.findUnique({ where: { id }, select: COUPON_RECORD_FIELDS });
  return row && couponRecord(row);
}

/** The last day a code can be used, as the owner entered it (the stored end is the first instant after it). */
function lastDayOf(endsAt: Date): string {
  return kuwaitDateKey(new Date(endsAt.getTime() - 1));
}

/** A code as the admin form shows it for editing. */
export function couponFormDefaults(row: CouponRecord) {
  return {
    code: row.code,
    kind: row.kind,
    value: row.kind === "percent" ? String(row.value) : row.value ? filsToKDInput(row.value) : "",
    minProductsTotal: row.minProductsFils === null ? "" : filsToKDInput(row.minProductsFils),
    startsOn: row.startsAt ? kuwaitDateKey(row.startsAt) : "",
    endsOn: row.endsAt ? lastDayOf(row.endsAt) : "",
    maxUses: row.maxUses === null ? "" : String(row.maxUses),
    maxUsesPerCustomer: row.maxUsesPerCustomer === null ? "" : String(row.maxUsesPerCustomer),
    freeDelivery: row.freeDelivery,
    isEnabled: row.isEnabled,
  };
}
