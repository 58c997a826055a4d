import { creditNoteMail } from "~/mail/credit-note.server";
import { sendMail, type Mail } from "~/mail/send.server";
import { getCreditNoteForMail, issueCreditNotes, markCreditNoteMailed } from "~/models/credit-note.server";
import { signedCreditNoteUrl } from "~/models/invoice-access.server";
import { logFailure } from "~/utils/logger.server";

/** The e-mail of one credit note, with its PDF and a signed link; null when the note or its PDF is missing. */
export async function creditNoteMessage(id: string): Promise<Mail | null> {
  const note = await getCreditNoteForMail(id);
  return note && creditNoteMail({ ...note, url: signedCreditNoteUrl(note.number) });
}

/** Mails one credit note to the shopper and records that it went. */
export async function mailCreditNote(id: string): Promise<void> {
  const message = await creditNoteMessage(id);
  if (!message) return;
  await sendMail(message);
  await markCreditNoteMailed(id);
}

/**
 * After a refund the gateway accepted: issue the order's credit notes and e-mail each to the shopper. The refund is
 * made whatever happens here, so a failure is logged and never undoes it (as the invoice's mail after payment).
 * Only the call that issued a note mails it, so a note goes out once however many refunds raced.
 */
export async function onRefundAccepted(orderId: string): Promise<void> {
  let issued: Awaited<ReturnType<typeof issueCreditNotes>>;
  try {
    issued = await issueCreditNotes(orderId);
  } catch (error) {
    logFailure(`credit note of order ${orderId}`, error);
    return;
  }
  for (const note of issued) {
    try {
      await mailCreditNote(note.id);
    } catch (error) {
      logFailure(`credit note of order ${orderId}`, error);
    }
  }
}
