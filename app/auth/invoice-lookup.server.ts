import type { AppLoadContext } from "@remix-run/node";
import { canReadInvoice } from "~/auth/document-access.server";
import { signedInvoicePath, getOrderByNumber, checkOrderPhone } from "~/models/orders/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

export type InvoiceLookup =
  | { kind: "limited"; message: string; retryAfterSeconds: number }
  | { kind: "notFound" }
  | { kind: "found"; orderNumber: string; status: string; invoiceUrl: string | null; phoneMismatch: boolean };

/**
 * The tracking page and `GET /api/invoice/{orderNumber}`: the status for any paid order's number, the invoice
 * link only for its owner, the administrator, or someone who also knows the order's phone number. Lookups are
 * rate-limited per client, and phone guesses by the guard every lookup by number and phone shares.
 */
export async function lookUpInvoice(
  request: Request,
  context: AppLoadContext | undefined,
  orderNumber: string,
  phone: string | null,
): Promise<InvoiceLookup> {
  const address = clientAddress(context);
  const limit = await hitRateLimit(`lookup:${address}`, 60, 600);
  if (!limit.allowed) return { kind: "limited", message: TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds };
  if (!/^ORD-\d{10,}$/.test(orderNumber)) return { kind: "notFound" };
  const order = await getOrderByNumber(orderNumber);
  if (!order || order.paymentStatus !== "paid") return { kind: "notFound" };

  const found = { kind: "found" as const, orderNumber: order.orderNumber, status: order.status };
  if (await canReadInvoice(request, order)) return { ...found, invoiceUrl: signedInvoicePath(order.orderNumber), phoneMismatch: false };
  if (!phone?.trim()) return { ...found, invoiceUrl: null, phoneMismatch: false };
  const checked = await checkOrderPhone(order, phone, address);
  if (checked.kind === "limited") return { kind: "limited", message: TOO_MANY_ATTEMPTS_MESSAGE, retryAfterSeconds: checked.retryAfterSeconds };
  const matches = checked.kind === "match";
  return { ...found, invoiceUrl: matches ? signedInvoicePath(order.orderNumber) : null, phoneMismatch: !matches };
}
