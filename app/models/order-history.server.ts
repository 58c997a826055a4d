import { prisma } from "~/db.server";
import { filsToKD } from "~/shared/money";
import { creditNoteJson, creditNoteListSelect } from "./credit-note.server";
import { orderAddressJson, orderItemJson } from "./order-json.server";
import { exchangeOrdersOf, returnJson, returnSelect } from "./return.server";

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
    include: { items: { orderBy: { id: "asc" } }, creditNotes: creditNoteListSelect, returns: { orderBy: { createdAt: "asc" }, select: returnSelect } },
  });
  const exchanges = await exchangeOrdersOf(orders.flatMap((order) => order.returns));
  return orders.map((order) => ({
    _id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    totalAmount: filsToKD(order.totalFils),
    productsTotal: filsToKD(order.subtotalFils),
    // CONTRACT.md's name; `discount` stays for the clients written against it before.
    discountAmount: filsToKD(order.discountFils),
    discount: filsToKD(order.discountFils),
    couponCode: order.couponCode,
    deliveryFee: filsToKD(order.deliveryFeeFils),
    fullName: order.fullName,
    phone: order.phone,
    invoiceUrl: `/uploads/invoices/${encodeURIComponent(order.orderNumber)}.pdf`,
    address: orderAddressJson(order),
    items: order.items.map(orderItemJson),
    creditNotes: order.creditNotes.map(creditNoteJson),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    returns: order.returns.map((row) => returnJson(row, exchanges)),
  }));
}

export type OrderAsRead = Awaited<ReturnType<typeof getOrdersForCustomer>>[number];
