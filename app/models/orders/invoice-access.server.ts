import crypto from "node:crypto";
import { getEnv } from "~/env.server";

/** How long a signed invoice link works: the e-mail's link must still open when the parcel arrives. */
export const INVOICE_LINK_DAYS = 180;

/**
 * A private document of an order, named by its number: an invoice (`ORD-…`) or a credit note (`CN-…`). The kind is
 * part of what is signed, so a link signed for one document never opens another, of either kind.
 */
export type OrderDocument = { kind: "invoice" | "credit-note"; number: string };

const DOCUMENT_FOLDERS: Record<OrderDocument["kind"], string> = { invoice: "invoices", "credit-note": "credit-notes" };

function signature(document: OrderDocument, expires: number, secret: string) {
  return crypto.createHmac("sha256", secret).update(`${document.kind}:${document.number}:${expires}`).digest("base64url");
}

/** The address of a document, without a signature: for the owner's session, the browser that ordered, the administrator. */
export function documentPath(document: OrderDocument): string {
  return `/uploads/${DOCUMENT_FOLDERS[document.kind]}/${encodeURIComponent(document.number)}.pdf`;
}

/** A link that opens one document until it expires, without a session (e-mails, success and tracking pages). */
export function signedDocumentPath(document: OrderDocument, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + INVOICE_LINK_DAYS * 86_400;
  const sig = signature(document, expires, getEnv().sessionSecrets[0]);
  return `${documentPath(document)}?expires=${expires}&sig=${sig}`;
}

export function signedInvoicePath(orderNumber: string, now = Date.now()): string {
  return signedDocumentPath({ kind: "invoice", number: orderNumber }, now);
}

export function signedInvoiceUrl(orderNumber: string): string {
  return `${getEnv().appUrl}${signedInvoicePath(orderNumber)}`;
}

export function signedCreditNoteUrl(number: string): string {
  return `${getEnv().appUrl}${signedDocumentPath({ kind: "credit-note", number })}`;
}

/** Any of the rotated secrets is accepted, so a secret rotation does not break links already e-mailed. */
export function hasValidDocumentSignature(url: URL, document: OrderDocument, now = Date.now()): boolean {
  const expires = Number(url.searchParams.get("expires"));
  const sig = url.searchParams.get("sig") ?? "";
  if (!Number.isInteger(expires) || expires * 1000 < now || !sig) return false;
  return getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(signature(document, expires, secret));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

export function hasValidInvoiceSignature(url: URL, orderNumber: string, now = Date.now()): boolean {
  return hasValidDocumentSignature(url, { kind: "invoice", number: orderNumber }, now);
}
