import { prisma } from "~/db.server";
import { creditNoteListSelect } from "~/models/payments/index.server";
import { returnsOfOrders } from "~/models/returns/index.server";

/**
 * A customer's orders, newest first, with their items, credit notes and returns, for both My Orders and
 * GET /api/orders/my (app/api shapes them as SPEC section 3's "Order (as read)"). Only paid orders: an unpaid one is
 * an abandoned payment, not an order the shop will process (SPEC section 6), and listing it would make the shopper
 * think it is on its way.
 */
export async function getOrdersForCustomer(customerId: string) {
  const orders = await prisma.order.findMany({
    where: { customerId, paymentStatus: "paid" },
    orderBy: { createdAt: "desc" },
    take: 200,
    include: { items: { orderBy: { id: "asc" } }, _count: { select: { creditNotes: true, returns: true } } },
  });
  // Credit notes and returns are rare: counted in the orders' own statement, and read only for the orders that have
  // some. Included, each cost its statements (a return's four) even for a shopper who never returned anything.
  const having = (relation: "creditNotes" | "returns") => orders.filter((order) => order._count[relation] > 0).map((order) => order.id);
  const [notes, returns] = await Promise.all([creditNotesOfOrders(having("creditNotes")), returnsOfOrders(having("returns"))]);
  return orders.map((order) => ({ ...order, creditNotes: notes.get(order.id) ?? [], returns: returns.get(order.id) ?? [] }));
}

/** The credit notes of some orders, as each order's `creditNotes`, oldest first; no query for none. */
async function creditNotesOfOrders(orderIds: string[]) {
  const byOrder = new Map<string, { number: string; amountFils: number; createdAt: Date }[]>();
  if (!orderIds.length) return byOrder;
  const rows = await prisma.creditNote.findMany({ where: { orderId: { in: orderIds } }, orderBy: creditNoteListSelect.orderBy, select: { ...creditNoteListSelect.select, orderId: true } });
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

export type CustomerOrder = Awaited<ReturnType<typeof getOrdersForCustomer>>[number];
