import crypto from "node:crypto";
import { databaseEngine, prisma, sqlJson } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { OptionText } from "~/models/product-variant.server";

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
  clientHash: string | null;
  couponCode: string | null;
  discountFils: number;
  notifyWhatsApp: boolean;
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
 * nested create of Prisma costs several extra round trips). PostgreSQL writes the three in one statement, whose
 * foreign keys are checked at its end, and takes the client's locks (`clientLockKeys`) in it: each statement of a
 * batch is a round trip there (docs/decisions/0061). SQLite has no writing WITH; its statements do not leave the
 * process.
 */
export function insertOrder(order: NewOrder, items: NewOrderItem[], now: Date, lockKeys: string[]) {
  const orderInsert = Prisma.sql`
    INSERT INTO "Order" ("id", "orderNumber", "customerId", "isGuest", "language", "fullName", "email", "phone", "buildingType",
      "city", "street", "streetNumber", "block", "buildingNumber", "floor", "apartmentNumber", "notes",
      "subtotalFils", "deliveryFeeFils", "totalFils", "status", "paymentStatus", "reservedUntil", "clientHash", "createdAt", "updatedAt",
      "couponCode", "discountFils", "notifyWhatsApp")
    VALUES (${order.id}, ${order.orderNumber}, ${order.customerId}, ${order.customerId === null}, ${order.language}, ${order.fullName},
      ${order.email}, ${order.phone}, ${order.buildingType}, ${order.city}, ${order.street}, ${order.streetNumber}, ${order.block},
      ${order.buildingNumber}, ${order.floor}, ${order.apartmentNumber}, ${order.notes}, ${order.subtotalFils}, ${order.deliveryFeeFils},
      ${order.totalFils}, 'pending', 'unpaid', ${order.reservedUntil}, ${order.clientHash}, ${now}, ${now}, ${order.couponCode},
      ${order.discountFils}, ${order.notifyWhatsApp})`;
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
      ? [Prisma.sql`WITH "o" AS (${orderInsert}), "i" AS (${itemsInsert}), "s" AS (${statusInsert}) SELECT ${locksOf(lockKeys)}`]
      : [orderInsert, itemsInsert, statusInsert];
  return statements.map((statement) => prisma.$executeRaw(statement));
}

/** PostgreSQL's advisory locks of the client's keys, taken left to right, or a constant without caps. */
function locksOf(lockKeys: string[]): Prisma.Sql {
  if (lockKeys.length === 0) return Prisma.sql`1`;
  return Prisma.join(lockKeys.map((key) => Prisma.sql`pg_advisory_xact_lock(hashtext(${key}))`));
}
