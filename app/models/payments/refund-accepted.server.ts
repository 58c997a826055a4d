import { issueCreditNotes } from "./credit-note.server";
import { nudgeOutbox } from "~/models/messaging/index.server";
import { logFailure } from "~/utils/logger.server";

/**
 * After a refund the gateway accepted: issue the order's credit notes, each with its e-mail queued in the same
 * transaction (docs/decisions/0054-outbox.md), and wake the sender. The refund is made whatever happens here, so a
 * failure is logged and never undoes it. Only the call that issued a note queues its mail, so a note goes out once
 * however many refunds raced.
 */
export async function onRefundAccepted(orderId: string): Promise<void> {
  try {
    const issued = await issueCreditNotes(orderId);
    if (issued.length) nudgeOutbox();
  } catch (error) {
    logFailure(`credit note of order ${orderId}`, error);
  }
}
