import { z } from "zod";
import { prisma } from "~/db.server";
import { filsToKD } from "~/utils/money";

const StoredCustomTags = z.array(z.object({ titleEn: z.string(), titleAr: z.string(), value: z.string() })).catch([]);

/**
 * A customer's orders, newest first, shaped as SPEC section 3's "Order (as read)" for both My Orders and
 * GET /api/orders/my. Only paid orders: an unpaid one is an abandoned payment, not an order the shop will
 * process (SPEC section 6), and listing it would make the shopper think it is on its way.
 */
export async function getOrdersForCustomer(customerId: string) {
  const orders = await prisma.order.findMany({
    where: { customerId, paymentStatus: "paid" },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { items: { orderBy: { id: "asc" } } },
  });
  return orders.map((order) => ({
    _id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    totalAmount: filsToKD(order.totalFils),
    fullName: order.fullName,
    phone: order.phone,
    invoiceUrl: `/uploads/invoices/${encodeURIComponent(order.orderNumber)}.pdf`,
    address: {
      city: order.city,
      block: order.block,
      street: order.street,
      buildingNumber: order.buildingNumber,
      floor: order.floor ?? "",
      apartmentNumber: order.apartmentNumber ?? "",
      notes: order.notes ?? "",
    },
    items: order.items.map((item) => ({
      productId: item.productId,
      name: { en: item.nameEn, ar: item.nameAr },
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      price: filsToKD(item.priceFils),
      customTags: StoredCustomTags.parse(item.customTags).map((tag) => ({ title: { en: tag.titleEn, ar: tag.titleAr }, value: tag.value })),
    })),
  }));
}

export type OrderAsRead = Awaited<ReturnType<typeof getOrdersForCustomer>>[number];
