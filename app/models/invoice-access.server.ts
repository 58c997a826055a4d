import crypto from "node:crypto";
import { getEnv } from "~/env.server";
import { isAdminRequest } from "~/auth/admin-session.server";
import { ordersPlacedHere } from "~/cookies/order-access.server";
import { getCustomerFromRequest } from "~/auth/session.server";

/** How long a signed invoice link works: the e-mail's link must still open when the parcel arrives. */
export const INVOICE_LINK_DAYS = 180;

function signature(orderNumber: string, expires: number, secret: string) {
  return crypto.createHmac("sha256", secret).update(`invoice:${orderNumber}:${expires}`).digest("base64url");
}

/** A link that opens one invoice until it expires, without a session (e-mail, success and tracking pages). */
export function signedInvoicePath(orderNumber: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + INVOICE_LINK_DAYS * 86_400;
  const sig = signature(orderNumber, expires, getEnv().sessionSecrets[0]);
  return `/uploads/invoices/${orderNumber}.pdf?expires=${expires}&sig=${sig}`;
}

export function signedInvoiceUrl(orderNumber: string): string {
  return `${getEnv().appUrl}${signedInvoicePath(orderNumber)}`;
}

/** Any of the rotated secrets is accepted, so a secret rotation does not break links already e-mailed. */
export function hasValidInvoiceSignature(url: URL, orderNumber: string, now = Date.now()): boolean {
  const expires = Number(url.searchParams.get("expires"));
  const sig = url.searchParams.get("sig") ?? "";
  if (!Number.isInteger(expires) || expires * 1000 < now || !sig) return false;
  return getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(signature(orderNumber, expires, secret));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

/** The owner (signed in or the browser that placed it), the administrator, or a signed link. */
export async function canReadInvoice(
  request: Request,
  order: { id: string; orderNumber: string; customerId: string | null },
): Promise<boolean> {
  const url = new URL(request.url);
  if (hasValidInvoiceSignature(url, order.orderNumber)) return true;
  if ((await ordersPlacedHere(request)).includes(order.id)) return true;
  if (order.customerId && (await getCustomerFromRequest(request))?.id === order.customerId) return true;
  return isAdminRequest(request);
}
