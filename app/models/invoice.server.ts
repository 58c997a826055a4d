import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { getDeliveryArea } from "~/models/delivery-area.server";
import { renderInvoicePdf, type FrozenTag, type InvoiceData } from "~/pdf/invoice.server";

/** Everything the invoice shows, for a paid order only, with its city's Arabic name (the order keeps the English one). */
export async function getInvoiceData(orderNumber: string): Promise<InvoiceData | null> {
  const order = await prisma.order.findFirst({
    where: { orderNumber, paymentStatus: "paid" },
    select: {
      orderNumber: true,
      createdAt: true,
      paidAt: true,
      fullName: true,
      phone: true,
      buildingType: true,
      city: true,
      block: true,
      street: true,
      streetNumber: true,
      buildingNumber: true,
      floor: true,
      apartmentNumber: true,
      notes: true,
      subtotalFils: true,
      deliveryFeeFils: true,
      totalFils: true,
      items: { orderBy: { id: "asc" }, select: { nameEn: true, nameAr: true, quantity: true, priceFils: true, customTags: true } },
    },
  });
  if (!order) return null;
  const area = await getDeliveryArea(order.city);
  return {
    ...order,
    cityAr: area?.nameAr ?? order.city,
    items: order.items.map((item) => ({ ...item, customTags: item.customTags as FrozenTag[] })),
  };
}

function invoicePath(orderNumber: string) {
  return path.join(getEnv().dataDir, "invoices", `${orderNumber}.pdf`);
}

/**
 * The stored invoice of a paid order: made once and kept under data/invoices (not data/uploads, which is served
 * without an access check). Null when the order does not exist or is not paid.
 */
export async function getInvoicePdf(orderNumber: string): Promise<Buffer | null> {
  if (!/^ORD-\d{10,}$/.test(orderNumber)) return null;
  const file = invoicePath(orderNumber);
  try {
    return await fsp.readFile(file);
  } catch {
    const invoice = await getInvoiceData(orderNumber);
    if (!invoice) return null;
    return storeInvoice(invoice);
  }
}

export async function storeInvoice(invoice: InvoiceData): Promise<Buffer> {
  const pdf = await renderInvoicePdf(invoice);
  const file = invoicePath(invoice.orderNumber);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  // Write then rename, so a concurrent reader never sees half a file. The name is random: two writers in one
  // process within the same millisecond would otherwise share it, and one rename would find the file gone.
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  await fsp.writeFile(temporary, pdf);
  await fsp.rename(temporary, file);
  return pdf;
}
