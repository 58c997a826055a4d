import { escapeHtml } from "~/mail/order-paid.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { htmlLine } from "~/mail/bidi-html.server";
import { sendMail } from "~/mail/send.server";
import { getCreditNoteForMail, issueCreditNotes, markCreditNoteMailed } from "~/models/credit-note.server";
import { signedCreditNoteUrl } from "~/models/invoice-access.server";
import { formatAdminDate } from "~/shared/admin-dates";
import { formatKD } from "~/shared/money";
import { redactText } from "~/utils/redact";

function logFailure(orderId: string, error: unknown) {
  process.stderr.write(`credit note of order ${orderId}: ${redactText(error instanceof Error ? error.message : String(error))}\n`);
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
    logFailure(orderId, error);
    return;
  }
  for (const note of issued) {
    try {
      await mailCreditNote(note.id);
    } catch (error) {
      logFailure(orderId, error);
    }
  }
}

/** The bilingual e-mail of one credit note, its PDF attached and a signed link to it. */
export async function mailCreditNote(id: string): Promise<void> {
  const note = await getCreditNoteForMail(id);
  if (!note) return;
  const { number, order } = note;
  const link = signedCreditNoteUrl(number);
  const en = {
    amount: formatKD(note.amountFils, "en"),
    remaining: formatKD(note.remainingPaidFils, "en"),
    date: formatAdminDate(order.createdAt, "en"),
  };
  const ar = {
    amount: formatKDText(note.amountFils, "ar"),
    remaining: formatKDText(note.remainingPaidFils, "ar"),
    orderNumber: bidiIsolate(order.orderNumber),
    number: bidiIsolate(number),
    date: formatAdminDate(order.createdAt, "ar"),
  };
  const lines = {
    en: [
      `Hello ${order.fullName}, a refund of ${en.amount} was made for your order ${order.orderNumber} of ${en.date}.`,
      `Credit note ${number} is attached. What stays paid for the order: ${en.remaining}.`,
      "The money goes back to the card or KNET account you paid with; your bank may take a few days to show it.",
    ],
    ar: [
      `مرحبًا ${order.fullName}، تم استرداد مبلغ ${ar.amount} من طلبك ${ar.orderNumber} بتاريخ ${ar.date}.`,
      `مرفق إشعار الدائن ${ar.number}. المبلغ المدفوع المتبقي للطلب: ${ar.remaining}.`,
      "يعود المبلغ إلى البطاقة أو حساب كي نت الذي دفعت به، وقد يستغرق ظهوره لدى البنك بضعة أيام.",
    ],
  };
  await sendMail({
    to: order.email,
    subject: `Credit note ${number} for order ${order.orderNumber} / إشعار دائن ${number} للطلب ${order.orderNumber}`,
    text: [...lines.en, `Your credit note: ${link}`, "", ...lines.ar, `إشعار الدائن: ${link}`].join("\n"),
    html: [
      `<p>${lines.en.map(escapeHtml).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">View your credit note</a></p>`,
      `<div dir="rtl" lang="ar"><p>${lines.ar.map(htmlLine).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">عرض إشعار الدائن</a></p></div>`,
    ].join("\n"),
    attachments: [{ filename: `${number}.pdf`, content: note.pdf, contentType: "application/pdf" }],
  });
  await markCreditNoteMailed(id);
}
