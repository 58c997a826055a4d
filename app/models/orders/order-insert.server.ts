import crypto from "node:crypto";
import { databaseEngine, prisma, sqlJson } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { OptionText } from "~/models/catalogue/index.server";
import { stockUpdateOf, type StockTake } from "./stock-hold.server";

/** An order's own row as placing writes it. */
export type NewOrder = {
  id: string;
  orderNumber: string;
  customerId: string | null;
  language: string;
  fullName: string;
  email: string;
  phone: string;
  buildingType: string;
  city: string;
  street: string;
  streetNumber: string;
  block: string;
  buildingNumber: string;
  floor: string | null;
  apartmentNumber: string | null;
  notes: string | null;
  subtotalFils: number;
  deliveryFeeFils: number;
  totalFils: number;
  reservedUntil: Date;
  /** the first payment reminder's time, or null when PAYMENT_REMINDERS is off (decision 0085) */
  nextReminderAt: Date | null;
  clientHash: string | null;
  couponCode: string | null;
  discountFils: number;
  notifyWhatsApp: boolean;
  /** the Kuwait day it is promised by, "YYYY-MM-DD" (promised-date.server.ts) */
  promisedBy: string;
  isGift: boolean;
  giftNote: string | null;
  giftWrap: boolean;
  giftWrapFils: number;
  giftRecipientName: string | null;
  giftRecipientPhone: string | null;
  deliveryDate: string | null;
  deliveryWindowId: string | null;
  deliveryFrom: string | null;
  deliveryTo: string | null;
  /** the campaign the shopper came from (decision 0089), each null when absent */
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
};

export type NewOrderItem = {
  productId: string;
  nameEn: string;
  nameAr: string;
  imageUrl: string | null;
  priceFils: number;
  quantity: number;
  customTags: { titleEn: string; titleAr: string; value: string }[];
  variantId: string;
  optionValues: OptionText[];
};

/**
 * The placing batch's writes of the order itself: its row, all of its items in one INSERT (item ids sort in cart
 * order, so the invoice lists the lines as the shopper saw them) and its first status row, as plain INSERTs (the
 * nested create of Prisma costs several extra round trips). Each statement of a batch is a round trip on
 * PostgreSQL (docs/decisions/0062), so there the three and the `more` INSERTs (a discount code's use) are one
 * statement, whose foreign keys are checked at its end, which also takes the advisory locks `lockKeys` (the client's,
 * `clientLockKeys`, and a code's with limits, decision 0096) and then, when `stock` names them, the stock's
 * conditional UPDATEs, one after another in their order: each waits for the one before it (and the first for the
 * locks) through a subquery of its result, so the row locks are taken in the order of decision 0060. SQLite has no
 * writing WITH; its statements do not leave the process, and `stock` must be empty there.
 */
export function insertOrder(order: NewOrder, items: NewOrderItem[], now: Date, lockKeys: string[], stock: StockTake[] = [], more: Prisma.Sql[] = []) {
  const orderInsert = Prisma.sql`
    INSERT INTO "Order" ("id", "orderNumber", "customerId", "isGuest", "language", "fullName", "email", "phone", "buildingType",
      "city", "street", "streetNumber", "block", "buildingNumber", "floor", "apartmentNumber", "notes",
      "subtotalFils", "deliveryFeeFils", "totalFils", "status", "paymentStatus", "reservedUntil", "clientHash", "createdAt", "updatedAt",
      "couponCode", "discountFils", "notifyWhatsApp", "nextReminderAt",
      "isGift", "giftNote", "giftWrap", "giftWrapFils", "giftRecipientName", "giftRecipientPhone",
      "deliveryDate", "deliveryWindowId", "deliveryFrom", "deliveryTo", "promisedBy", "utmSource", "utmMedium", "utmCampaign")
    VALUES (${order.id}, ${order.orderNumber}, ${order.customerId}, ${order.customerId === null}, ${order.language}, ${order.fullName},
      ${order.email}, ${order.phone}, ${order.buildingType}, ${order.city}, ${order.street}, ${order.streetNumber}, ${order.block},
      ${order.buildingNumber}, ${order.floor}, ${order.apartmentNumber}, ${order.notes}, ${order.subtotalFils}, ${order.deliveryFeeFils},
      ${order.totalFils}, 'pending', 'unpaid', ${order.reservedUntil}, ${order.clientHash}, ${now}, ${now}, ${order.couponCode},
      ${order.discountFils}, ${order.notifyWhatsApp}, ${order.nextReminderAt},
      ${order.isGift}, ${order.giftNote}, ${order.giftWrap}, ${order.giftWrapFils}, ${order.giftRecipientName}, ${order.giftRecipientPhone},
      ${order.deliveryDate}, ${order.deliveryWindowId}, ${order.deliveryFrom}, ${order.deliveryTo}, ${order.promisedBy}, ${order.utmSource}, ${order.utmMedium}, ${order.utmCampaign})`;
  const itemRows = items.map(
    (item, index) => Prisma.sql`(${`${order.id}-${String(index).padStart(3, "0")}`}, ${order.id}, ${item.productId}, ${item.nameEn}, ${item.nameAr},
      ${item.imageUrl}, ${item.priceFils}, ${item.quantity}, ${sqlJson(item.customTags)}, ${item.variantId}, ${sqlJson(item.optionValues)})`,
  );
  const itemsInsert = Prisma.sql`
    INSERT INTO "OrderItem" ("id", "orderId", "productId", "nameEn", "nameAr", "imageUrl", "priceFils", "quantity", "customTags", "variantId", "optionValues")
    VALUES ${Prisma.join(itemRows)}`;
  const statusInsert = Prisma.sql`
    INSERT INTO "OrderStatusChange" ("id", "orderId", "toStatus", "changedBy", "createdAt")
    VALUES (${crypto.randomUUID()}, ${order.id}, 'pending', 'system', ${now})`;
  const statements =
    databaseEngine === "postgresql"
      ? [oneStatement([orderInsert, itemsInsert, statusInsert, ...more], lockKeys, stock)]
      : [orderInsert, itemsInsert, statusInsert, ...more];
  return statements.map((statement) => prisma.$executeRaw(statement));
}

/** PostgreSQL: the INSERTs, then the locks, then the stock's UPDATEs one after another, in one statement. */
function oneStatement(inserts: Prisma.Sql[], lockKeys: string[], stock: StockTake[]): Prisma.Sql {
  const parts = inserts.map((insert, index) => Prisma.sql`${Prisma.raw(`"w${index}"`)} AS (${insert})`);
  let previous: string | null = null;
  if (lockKeys.length) {
    const locks = lockKeys.map((key, index) => Prisma.sql`pg_advisory_xact_lock(hashtext(${key})) AS ${Prisma.raw(`"l${index}"`)}`);
    parts.push(Prisma.sql`"l" AS (SELECT ${Prisma.join(locks)})`);
    previous = "l";
  }
  for (const [index, take] of stock.entries()) {
    const after = previous ? Prisma.sql`AND (SELECT COUNT(*) FROM ${Prisma.raw(`"${previous}"`)}) >= 0` : Prisma.empty;
    parts.push(Prisma.sql`${Prisma.raw(`"u${index}"`)} AS (${stockUpdateOf(take, after)} RETURNING 1)`);
    previous = `u${index}`;
  }
  // The last lock or UPDATE is read here, so every one before it has run; the INSERTs run whether read or not.
  const last = previous ? Prisma.sql`(SELECT COUNT(*) FROM ${Prisma.raw(`"${previous}"`)})` : Prisma.sql`1`;
  return Prisma.sql`WITH ${Prisma.join(parts)} SELECT ${last}`;
}
