import { paidOrderMail } from "~/mail/order-paid.server";
import { paidOrderNoticeMail } from "~/mail/owner-notices.server";
import { sendMail, type Mail } from "~/mail/send.server";
import { signedInvoiceUrl } from "~/models/invoice-access.server";
import { getPaidOrderDocument, storeInvoice } from "~/models/invoice.server";
import { addressLines } from "~/pdf/invoice.server";
import { logFailure } from "~/utils/logger.server";

const failed = (orderId: string) => `after payment of order ${orderId}`;

/**
 * What a paid order sends, from one read of the order: the shopper's confirmation with the invoice (made here, once,
 * and kept) and the owner's notice. Each is made apart: an invoice that cannot be drawn is logged and leaves the
 * owner's notice to go. Nothing is sent here, so a writer of an outbox can call it where the order turns paid.
 */
export async function paidOrderMessages(orderId: string): Promise<Mail[]> {
  const order = await getPaidOrderDocument(orderId);
  if (!order) return [];
  const messages: Mail[] = [];
  try {
    const invoicePdf = await storeInvoice(order);
    messages.push(paidOrderMail({ ...order, invoiceUrl: signedInvoiceUrl(order.orderNumber), invoicePdf }));
  } catch (error) {
    logFailure(failed(orderId), error);
  }
  messages.push(paidOrderNoticeMail({ ...order, address: addressLines(order) }));
  return messages;
}

/**
 * After the one call that marked the order paid: its messages, each sent apart (a shopper's bad address does not keep
 * the order from the owner). Only that call gets here, so each mail goes once however many confirmations raced. A
 * failure here must not undo the payment, so it is logged; the invoice is made again on first request if it is missing.
 */
export async function onOrderPaid(orderId: string): Promise<void> {
  let messages: Mail[];
  try {
    messages = await paidOrderMessages(orderId);
  } catch (error) {
    logFailure(failed(orderId), error);
    return;
  }
  for (const message of messages) {
    try {
      await sendMail(message);
    } catch (error) {
      logFailure(failed(orderId), error);
    }
  }
}
