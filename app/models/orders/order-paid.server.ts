import type { Prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { orderContacts, queueEmail, queueOwnerAlert, queueShopperMessages } from "~/models/messaging/index.server";

/**
 * What a paid order sends, queued in the transaction that marked it paid (docs/decisions/0054-outbox.md): the
 * shopper's confirmation with the invoice (by e-mail, and to their phone as `phoneChannelFor` decides) and the owner's
 * notices (her e-mail, and the alert to her phone when she set one). Only the transaction that won the order gets
 * here, so each goes once however many confirmations raced; the invoice is drawn when the mail is sent, so a drawing
 * that fails is retried with it.
 */
export async function queuePaidOrderMessages(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  const order = await orderContacts(tx, orderId);
  if (!order) return;
  await queueShopperMessages(tx, order, "paid");
  await queueEmail(tx, { to: getEnv().ownerEmail, kind: "ownerPaid", orderId, language: "en" });
  await queueOwnerAlert(tx, orderId);
}
