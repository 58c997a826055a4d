import { hasAdminPermission } from "~/auth/admin-session.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { ordersPlacedHere } from "~/cookies/order-access.server";
import { hasValidDocumentSignature, type OrderDocument } from "~/models/orders/index.server";

/**
 * Who may open an order's invoice or credit note: a question about the request (its cookies, its session), so it is
 * auth's; the documents' signed links are the orders' (app/models/orders).
 */
/** The owner (signed in or the browser that placed it), a staff member who may see orders, or a link signed for this document. */
export async function canReadOrderDocument(
  request: Request,
  order: { id: string; customerId: string | null },
  document: OrderDocument,
): Promise<boolean> {
  if (hasValidDocumentSignature(new URL(request.url), document)) return true;
  if ((await ordersPlacedHere(request)).includes(order.id)) return true;
  if (order.customerId && (await getCustomerFromRequest(request))?.id === order.customerId) return true;
  return hasAdminPermission(request, "orders:read");
}

export async function canReadInvoice(
  request: Request,
  order: { id: string; orderNumber: string; customerId: string | null },
): Promise<boolean> {
  return canReadOrderDocument(request, order, { kind: "invoice", number: order.orderNumber });
}
