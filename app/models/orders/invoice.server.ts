import fsp from "node:fs/promises";
import { optionTexts } from "~/models/catalogue/index.server";
import path from "node:path";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { getDeliveryArea, getShopSettings, shopHostName } from "~/models/shop/index.server";
import { freeDeliveryByCode } from "./offers.server";
import type { FrozenTag, InvoiceData } from "~/pdf/invoice.server";
import type { DocumentShop } from "~/pdf/order-sections.server";
import { displayPhone, type ShopIdentity } from "~/shared/shop-settings";
import { renderInvoice } from "~/pdf/off-thread.server";
import { deliveryAddressSelect } from "./order-address.server";

/** Everything the invoice shows, for a paid order only, with its city's Arabic name (the order keeps the English one). */
export async function getInvoiceData(orderNumber: string): Promise<InvoiceData | null> {
  const order = await paidOrderDocument({ orderNumber });
  if (!order) return null;
  const { id: _id, email: _email, ...invoice } = order;
  return invoice;
}

/**
 * A paid order as its messages need it, in one read: what the invoice shows, and the order's id and the shopper's
 * e-mail address, which the invoice does not.
 */
export function getPaidOrderDocument(orderId: string): Promise<(InvoiceData & { id: string; email: string }) | null> {
  return paidOrderDocument({ id: orderId });
}

async function paidOrderDocument(where: { id: string } | { orderNumber: string }): Promise<(InvoiceData & { id: string; email: string }) | null> {
  const order = await prisma.order.findFirst({
    where: { ...where, paymentStatus: "paid" },
    select: {
      id: true,
      email: true,
      orderNumber: true,
      createdAt: true,
      paidAt: true,
      language: true,
      ...deliveryAddressSelect,
      subtotalFils: true,
      deliveryFeeFils: true,
      totalFils: true,
      discountFils: true,
      giftWrapFils: true,
      couponCode: true,
      exchangeForOrderNumber: true,
      promisedBy: true,
      deliveryFrom: true,
      deliveryTo: true,
      couponUse: { select: { coupon: { select: { freeDelivery: true } } } },
      items: { orderBy: { id: "asc" }, select: { nameEn: true, nameAr: true, quantity: true, priceFils: true, customTags: true, optionValues: true } },
    },
  });
  if (!order) return null;
  const [area, freeDelivery, settings] = await Promise.all([getDeliveryArea(order.city), freeDeliveryByCode(order), getShopSettings()]);
  const { couponUse: _couponUse, deliveryFrom, deliveryTo, ...kept } = order;
  return {
    ...kept,
    deliveryWindow: deliveryFrom && deliveryTo ? { from: deliveryFrom, to: deliveryTo } : null,
    shop: documentShop(settings),
    freeDelivery,
    // The column holds "ar" or "en"; anything else reads as the shop's default, Arabic.
    language: order.language === "en" ? "en" : "ar",
    cityAr: area?.nameAr ?? order.city,
    items: order.items.map((item) => ({ ...item, customTags: item.customTags as FrozenTag[], optionValues: optionTexts(item.optionValues) })),
  };
}

/** The shop's name and contacts for a document; until the owner names the shop, its host name (decision 0075). */
function documentShop(settings: ShopIdentity): DocumentShop {
  const host = shopHostName();
  return {
    name: settings.shopName ?? { en: host, ar: host },
    phone: settings.contactPhone ? displayPhone(settings.contactPhone) : null,
    email: settings.contactEmail,
    address: settings.address,
    commercialRegistration: settings.commercialRegistration,
  };
}

/** Where invoices were kept as files before they moved into the database (issue 14); still read, then adopted. */
function legacyInvoicePath(orderNumber: string) {
  return path.join(getEnv().dataDir, "invoices", `${orderNumber}.pdf`);
}

/**
 * The invoice of a paid order, as first made: kept in the database, so every server of the shop sends the same
 * bytes (docs/decisions/0019-shared-files.md). An invoice still kept as a file under data/invoices by an older
 * release is sent from there and adopted into the database. Null when the order does not exist or is not paid.
 */
export async function getInvoicePdf(orderNumber: string): Promise<Buffer | null> {
  if (!/^ORD-\d{10,}$/.test(orderNumber)) return null;
  const stored = await prisma.storedInvoice.findUnique({ where: { orderNumber }, select: { pdf: true } });
  if (stored) return Buffer.from(stored.pdf);
  const legacy = await fsp.readFile(legacyInvoicePath(orderNumber)).catch(() => null);
  if (legacy) return keepInvoice(orderNumber, legacy);
  const invoice = await getInvoiceData(orderNumber);
  if (!invoice) return null;
  return storeInvoice(invoice);
}

/** Makes a paid order's invoice and keeps it, unless another request or server kept one first: then that one. */
export async function storeInvoice(invoice: InvoiceData): Promise<Buffer> {
  return keepInvoice(invoice.orderNumber, await renderInvoice(invoice));
}

/** The first invoice kept for an order wins, on any server: the primary key decides, and the winner is answered. */
async function keepInvoice(orderNumber: string, pdf: Buffer): Promise<Buffer> {
  await prisma.$executeRaw`
    INSERT INTO "StoredInvoice" ("orderNumber", "pdf", "createdAt") VALUES (${orderNumber}, ${new Uint8Array(pdf)}, ${new Date()})
    ON CONFLICT ("orderNumber") DO NOTHING`;
  const kept = await prisma.storedInvoice.findUniqueOrThrow({ where: { orderNumber }, select: { pdf: true } });
  return Buffer.from(kept.pdf);
}
