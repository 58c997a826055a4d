import { reviewInviteAtFor } from "~/models/reviews/index.server";
import { hasLikeWildcard, idsContaining, prisma, textContains } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { kuwaitDayEnd, kuwaitDayStart, isDateKey } from "~/shared/admin-dates";
import { ADMIN_ORDER_TABS, DATED_TABS, DEFAULT_ORDER_TAB, type AdminOrderTab } from "~/shared/admin-orders";
import { isAnnouncedStatus, isOrderStatus, type OrderStatus } from "~/shared/order-status";
import { normalizeKuwaitiPhone, phoneSearchDigits } from "~/shared/phone";
import type { WholeNumberRule } from "~/shared/paging";
import { creditNoteListSelect } from "~/models/payments/index.server";
import { deliveryAddressSelect } from "~/models/orders/index.server";
import { optionTexts } from "~/models/catalogue/index.server";
import { exchangeOrdersOf, returnSelect } from "~/models/returns/index.server";
import { recordAudit } from "~/models/shop/index.server";
import { endUnpaidOrder } from "./order-cancel.server";
import { toPrepareWhere } from "~/models/reports/index.server";
import { nudgeOutbox, orderContacts, queueShopperMessages, shopperMessagesSelect } from "~/models/messaging/index.server";

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_ORDERS_PAGE_SIZE_RULE: WholeNumberRule = { fallback: ADMIN_PAGE_SIZE, min: 1, max: 100 };
export const GROUPED_ORDERS_PAGE_SIZE_RULE: WholeNumberRule = { fallback: 100, min: 1, max: 500 };

/** SPEC section 5: a search by order number keeps only the digits and prefixes ORD-. */
export function orderNumberFromSearch(search: string): string | null {
  const digits = search.replace(/\D/g, "");
  return digits ? `ORD-${digits}` : null;
}

export type AdminOrderQuery = {
  tab?: AdminOrderTab;
  search?: string;
  dateFrom?: string;
  dateTo?: string;
  /** issue 48: only the orders to deliver on this Kuwait day (YYYY-MM-DD), in any tab */
  deliveryDate?: string;
  page?: number;
  pageSize?: number;
};

/** A search made only of what a phone is typed with (digits, Arabic-Indic ones too, +, spaces, dashes, brackets). */
const PHONE_LIKE = /^[\d\s+()\u0660-\u0669\u06F0-\u06F9-]+$/;

async function searchWhere(search: string): Promise<Prisma.OrderWhereInput | null> {
  const term = search.trim();
  if (!term) return null;
  if (/^ord/i.test(term)) {
    const orderNumber = orderNumberFromSearch(term);
    return orderNumber ? { orderNumber } : null;
  }
  if (PHONE_LIKE.test(term)) {
    const digits = phoneSearchDigits(term);
    if (!digits) return null;
    return { OR: [{ orderNumber: `ORD-${digits}` }, { phone: { contains: digits } }] };
  }
  // A % or _ would be a wildcard in Prisma's SQLite LIKE (probe 2, item 9): such a name is found as typed.
  return hasLikeWildcard(term) ? { id: { in: await idsContaining("Order", "fullName", term) } } : { fullName: textContains(term) };
}

function tabWhere(tab: AdminOrderTab): Prisma.OrderWhereInput {
  if (tab === "unpaid") return { paymentStatus: { in: ["unpaid", "failed"] } };
  if (tab === "toPrepare") return toPrepareWhere();
  return { paymentStatus: "paid", status: tab };
}

/** How many orders each tab holds, for the tabs' labels. */
export async function countAdminOrderTabs(): Promise<Record<AdminOrderTab, number>> {
  const counts = await Promise.all(ADMIN_ORDER_TABS.map((tab) => prisma.order.count({ where: tabWhere(tab) })));
  return Object.fromEntries(ADMIN_ORDER_TABS.map((tab, index) => [tab, counts[index]])) as Record<AdminOrderTab, number>;
}

export async function adminOrderWhere(query: AdminOrderQuery): Promise<Prisma.OrderWhereInput> {
  const tab = query.tab ?? DEFAULT_ORDER_TAB;
  const where = tabWhere(tab);
  const conditions: Prisma.OrderWhereInput[] = [where];
  const search = query.search ? await searchWhere(query.search) : null;
  if (search) conditions.push(search);
  if (DATED_TABS.includes(tab)) {
    const createdAt: Prisma.DateTimeFilter = {};
    if (isDateKey(query.dateFrom)) createdAt.gte = kuwaitDayStart(query.dateFrom);
    if (isDateKey(query.dateTo)) createdAt.lt = kuwaitDayEnd(query.dateTo);
    if (createdAt.gte || createdAt.lt) conditions.push({ createdAt });
  }
  if (isDateKey(query.deliveryDate)) conditions.push({ deliveryDate: query.deliveryDate });
  return conditions.length === 1 ? where : { AND: conditions };
}

const listSelect = {
  id: true,
  orderNumber: true,
  fullName: true,
  phone: true,
  status: true,
  paymentStatus: true,
  totalFils: true,
  refundedFils: true,
  createdAt: true,
  deliveryDate: true,
  deliveryFrom: true,
  deliveryTo: true,
} satisfies Prisma.OrderSelect;

export async function listAdminOrders(query: AdminOrderQuery) {
  const pageSize = Math.min(Math.max(query.pageSize ?? ADMIN_PAGE_SIZE, 1), 100);
  const where = await adminOrderWhere(query);
  const total = await prisma.order.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(query.page ?? 1, 1), pageCount);
  const orders = await prisma.order.findMany({
    where,
    select: listSelect,
    orderBy: { createdAt: "desc" },
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  return { orders, total, page, pageCount, pageSize };
}

export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrders>>["orders"][number];

/** The order by its id or its order number (SPEC section 7 accepts either). */
function orderKeyWhere(idOrNumber: string): Prisma.OrderWhereInput {
  const key = idOrNumber.trim();
  const orderNumber = /^ord/i.test(key) ? orderNumberFromSearch(key) : null;
  return orderNumber ? { orderNumber } : { OR: [{ id: key }, { orderNumber: key }] };
}

/** Only the id of the order named by its id or its order number, for an action that reads the order itself. */
export async function findAdminOrderId(idOrNumber: string): Promise<string | null> {
  return (await prisma.order.findFirst({ where: orderKeyWhere(idOrNumber), select: { id: true } }))?.id ?? null;
}

export async function getAdminOrder(idOrNumber: string) {
  const order = await prisma.order.findFirst({
    where: orderKeyWhere(idOrNumber),
    include: {
      items: { orderBy: { id: "asc" } },
      statusChanges: { orderBy: { createdAt: "asc" } },
      payments: { orderBy: { createdAt: "desc" }, select: { status: true, cardLast4: true, createdAt: true, provider: true, method: true } },
      refunds: { orderBy: { createdAt: "asc" }, select: { amountFils: true, status: true, requestedBy: true, createdAt: true } },
      creditNotes: creditNoteListSelect,
      couponUse: { select: { coupon: { select: { freeDelivery: true } } } },
      messages: shopperMessagesSelect,
      returns: { orderBy: { createdAt: "asc" }, select: returnSelect },
    },
  });
  // Its returns' exchange orders, for what each is due (decision 0061).
  return order && { ...order, exchanges: await exchangeOrdersOf(order.returns) };
}

/** At most this many orders print at once, so a hand-made address cannot ask for the whole shop. */
export const PACKING_SLIPS_MAX = 100;

/**
 * The orders named by id or order number, in the order asked, with what a packing slip shows: the items, their
 * option values as ordered (issue 31) and custom text, the address, the shopper's name and phone, and no prices.
 * Unknown keys are left out.
 */
export async function getPackingSlipOrders(keys: string[], deliveryDate: string | null = null, tab: AdminOrderTab | null = null) {
  const wanted = [...new Set(keys.map((key) => key.trim()).filter(Boolean))].slice(0, PACKING_SLIPS_MAX);
  // The orders list filtered by a delivery day prints that day's paid orders of the tab it shows, by window (issue 48):
  // the slips are the list's rows, so the day's delivered or cancelled orders are not packed again. Without a tab (an
  // older link), the day's orders still to prepare.
  const byDay = wanted.length === 0 && isDateKey(deliveryDate);
  if (wanted.length === 0 && !byDay) return [];
  const dayWhere: Prisma.OrderWhereInput = { AND: [tab ? tabWhere(tab) : toPrepareWhere(), { deliveryDate, paymentStatus: "paid" }] };
  const orders = await prisma.order.findMany({
    where: byDay ? dayWhere : { OR: wanted.map(orderKeyWhere) },
    orderBy: byDay ? [{ deliveryFrom: "asc" }, { createdAt: "asc" }] : undefined,
    take: PACKING_SLIPS_MAX,
    select: {
      id: true,
      orderNumber: true,
      createdAt: true,
      // the slip goes into the parcel, so it speaks the order's language
      language: true,
      ...deliveryAddressSelect,
      isGift: true,
      giftNote: true,
      giftWrap: true,
      giftRecipientName: true,
      giftRecipientPhone: true,
      deliveryDate: true,
      deliveryFrom: true,
      deliveryTo: true,
      items: { orderBy: { id: "asc" }, select: { id: true, nameEn: true, nameAr: true, quantity: true, customTags: true, optionValues: true } },
    },
  });
  const position = (order: { id: string; orderNumber: string }) => wanted.findIndex((key) => key === order.id || key.toUpperCase() === order.orderNumber);
  return orders
    .sort((a, b) => (byDay ? 0 : position(a) - position(b)))
    .map((order) => ({ ...order, items: order.items.map((item) => ({ ...item, optionValues: optionTexts(item.optionValues) })) }));
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

/**
 * Any status may move to any other (SPEC section 4). The change and its history row are written in one
 * transaction, so the history never misses a change. Answers null when there is no such order.
 */
export async function setOrderStatus(input: { idOrNumber: string; status: OrderStatus; admin: { id: string; email: string; role?: string; requestId?: string | null } }) {
  if (!isOrderStatus(input.status)) throw new Error(`not an order status: ${String(input.status)}`);
  const order = await getAdminOrder(input.idOrNumber);
  if (!order) return null;
  const changed = await prisma.$transaction(async (tx) => {
    // Write first, like every other transaction here: on PostgreSQL it locks the row before reading, so the status
    // it reads is still current when it writes (SQLite's transactions hold the write lock from BEGIN, decision 0065).
    const current = await tx.order.update({ where: { id: order.id }, data: { updatedAt: new Date() }, select: { status: true, deliveredAt: true, paymentStatus: true } });
    // The return window runs from the first delivery: set once, kept if the order is set delivered again.
    // The review invitation is due REVIEW_INVITE_AFTER after that first delivery too (decision 0090).
    const now = new Date();
    const deliveredAt = input.status === "delivered" && !current.deliveredAt ? { deliveredAt: now, reviewInviteAt: reviewInviteAtFor(now) } : {};
    const updated = await tx.order.update({ where: { id: order.id }, data: { status: input.status, ...deliveredAt }, select: listSelect });
    await tx.orderStatusChange.create({
      data: {
        orderId: order.id,
        fromStatus: current.status,
        toStatus: input.status,
        adminId: input.admin.id,
        changedBy: input.admin.email,
      },
    });
    // A signed-in member (with a role) is audited; a system change is in the status history alone.
    const { role } = input.admin;
    if (role) {
      const params = { number: order.orderNumber, from: current.status, to: input.status };
      await recordAudit(tx, { actor: { ...input.admin, role }, action: "status", entityType: "order", entityId: order.id, params });
    }
    // The shopper hears of the change from the same commit (decision 0054); a status set again says nothing new.
    if (current.status !== input.status && isAnnouncedStatus(input.status)) {
      const contacts = await orderContacts(tx, order.id);
      if (contacts) await queueShopperMessages(tx, contacts, "status", { status: input.status });
    }
    return { updated, endsUnpaid: input.status === "cancelled" && current.paymentStatus === "unpaid" };
  });
  // An unpaid order the owner cancels gives its held pieces back now, not when its hold would have ended, and its
  // open attempts end: a payment finishing later does not pay it (probe 6, findings 1 and 4).
  if (changed.endsUnpaid) await endUnpaidOrder(order.id);
  nudgeOutbox();
  return changed.updated;
}

/** Invoices exist once an order is paid (the checkout writes them). */
export function invoiceUrlOf(order: { orderNumber: string; paymentStatus: string }): string | null {
  return order.paymentStatus === "paid" ? `/uploads/invoices/${order.orderNumber}.pdf` : null;
}

type GroupRow = {
  phone: string;
  fullName: string;
  totalOrders: number | bigint;
  totalFils: number | bigint;
  lastOrderAt: string | Date;
  groupCount: number | bigint;
};

async function groupPage(size: number, offset: number) {
  // COUNT(*) OVER () counts the groups in the same pass, so one scan answers both the page and the page count; the
  // name is looked up for the page's groups only, from each phone's latest paid order (index phone, createdAt).
  return prisma.$queryRaw<GroupRow[]>`
    SELECT g."phone", g."totalOrders", g."totalFils", g."lastOrderAt", g."groupCount",
      (SELECT o."fullName" FROM "Order" o WHERE o."phone" = g."phone" AND o."paymentStatus" = 'paid'
        ORDER BY o."createdAt" DESC LIMIT 1) AS "fullName"
    FROM (
      SELECT "phone", COUNT(*) AS "totalOrders", SUM("totalFils") AS "totalFils", MAX("createdAt") AS "lastOrderAt",
        COUNT(*) OVER () AS "groupCount"
      FROM "Order" WHERE "paymentStatus" = 'paid'
      GROUP BY "phone" ORDER BY "lastOrderAt" DESC LIMIT ${size} OFFSET ${offset}
    ) g
    ORDER BY g."lastOrderAt" DESC`;
}

/** Paid orders grouped by phone; each group shows the name of its latest order. */
export async function getGroupedOrders({ page = 1, pageSize = 50 }: { page?: number; pageSize?: number } = {}) {
  const size = Math.min(Math.max(pageSize, 1), 500);
  let current = Math.max(page, 1);
  let rows = await groupPage(size, (current - 1) * size);
  if (rows.length === 0 && current > 1) {
    current = 1;
    rows = await groupPage(size, 0);
  }
  const total = Number(rows[0]?.groupCount ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (current > pageCount) current = pageCount;
  const groups = rows.map((row) => ({
    fullName: row.fullName,
    phone: row.phone,
    totalOrders: Number(row.totalOrders),
    totalFils: Number(row.totalFils),
    lastOrderDate: new Date(row.lastOrderAt),
  }));
  return { groups, total, page: current, pageCount };
}

type PhoneRow = { phone: string; fullName: string | null; email: string | null; orderCount: number | bigint; lastOrderAt: string | Date | null };

/** A LIKE pattern that finds `term` anywhere, its own %, _ and backslash taken literally (ESCAPE with a backslash, on both engines). */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The registered users' search (issue 28): a phone (as typed: +965, spaces, Arabic digits) matches by its digits; any
 * other text matches a name or an e-mail, without regard to case on both engines. A phone is listed when any account
 * with it matches.
 */
function registeredSearchSql(search: string): Prisma.Sql {
  const term = search.trim().slice(0, 100);
  if (!term) return Prisma.empty;
  const digits = PHONE_LIKE.test(term) ? phoneSearchDigits(term) : "";
  const text = containsPattern(term.toLowerCase());
  const phone = digits ? Prisma.sql` OR "phone" LIKE ${containsPattern(digits)} ESCAPE '\\'` : Prisma.empty;
  return Prisma.sql` AND (LOWER("fullName") LIKE ${text} ESCAPE '\\' OR LOWER("email") LIKE ${text} ESCAPE '\\'${phone})`;
}

/**
 * Registered customers by phone, with the name and e-mail of the newest account that gave it, how many paid orders
 * that phone placed and when it last ordered; `search` narrows them by phone, name or e-mail. The ORDER BY repeats
 * MAX(...): PostgreSQL takes an output alias only as a bare sort key, and `"lastOrderAt" IS NULL` looked for a column
 * of that name.
 */
export async function getRegisteredPhones(search = "") {
  const rows = await prisma.$queryRaw<PhoneRow[]>`
    SELECT c."phone" AS "phone",
      (SELECT n."fullName" FROM "Customer" n WHERE n."phone" = c."phone" ORDER BY n."createdAt" DESC, n."id" LIMIT 1) AS "fullName",
      (SELECT n."email" FROM "Customer" n WHERE n."phone" = c."phone" ORDER BY n."createdAt" DESC, n."id" LIMIT 1) AS "email",
      COUNT(o."id") AS "orderCount", MAX(o."createdAt") AS "lastOrderAt"
    FROM (SELECT DISTINCT "phone" FROM "Customer" WHERE "phone" IS NOT NULL AND "phone" <> ''${registeredSearchSql(search)}) c
    LEFT JOIN "Order" o ON o."phone" = c."phone" AND o."paymentStatus" = 'paid'
    GROUP BY c."phone" ORDER BY MAX(o."createdAt") IS NULL, MAX(o."createdAt") DESC, c."phone"`;
  return rows.map((row) => ({
    phone: row.phone,
    fullName: row.fullName ?? "",
    email: row.email ?? "",
    orderCount: Number(row.orderCount),
    lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt) : null,
  }));
}

/** Every order placed with a phone, newest first, paid or not (the payment state is shown beside it). */
export async function getOrdersByPhone(phone: string) {
  const digits = normalizeKuwaitiPhone(phone);
  return prisma.order.findMany({ where: { phone: digits }, select: listSelect, orderBy: { createdAt: "desc" }, take: 500 });
}
