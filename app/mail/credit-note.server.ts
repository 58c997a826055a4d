import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { formatAdminDate } from "~/shared/admin-dates";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { directionOf, type Language } from "~/shared/language";
import { escapeHtml } from "~/utils/html";

/** What the e-mail of one credit note shows, and the note itself. */
export type CreditNoteMailInput = {
  number: string;
  amountFils: number;
  remainingPaidFils: number;
  pdf: Buffer;
  /** the signed link to the note */
  url: string;
  order: { orderNumber: string; createdAt: Date; fullName: string; email: string };
  /** the order's language, the only one the mail speaks */
  language: Language;
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  /** the shop's contact phone as shoppers read it, or null while the owner has not set one */
  shopPhone: string | null;
};

/**
 * The e-mail of one credit note in the order's language only (CONTRACT.md "Messages to shoppers": each refund, in the
 * order's language), its PDF attached, a signed link to it, and the shop that sends it.
 */
export function creditNoteMail(note: CreditNoteMailInput): Mail {
  const { number, order, url: link, language } = note;
  const t = fixedT(language);
  const arabic = language === "ar";
  const escape = arabic ? htmlLine : escapeHtml;
  const isolate = (value: string) => (arabic ? bidiIsolate(value) : value);
  const values = {
    name: order.fullName,
    amount: formatKDText(note.amountFils, language),
    remaining: formatKDText(note.remainingPaidFils, language),
    order: isolate(order.orderNumber),
    number: isolate(number),
    date: formatAdminDate(order.createdAt, language),
  };
  const lines = [wordText((v) => t("mail.creditNote.refunded", v), values), wordText((v) => t("mail.creditNote.attached", v), values), t("mail.creditNote.bank")];
  // A shopper with a question calls the number the owner gave; the line is left out while there is none.
  const call = note.shopPhone ? wordText((v) => t("mail.orderUpdate.call", v), { phone: isolate(note.shopPhone ?? "") }) : null;
  const signature = wordText((v) => t("mail.orderUpdate.thanks", v), { shop: note.shopName });
  const html = [
    `<p>${lines.map(escape).join("<br>")}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.creditNote.linkLabel"))}</a></p>`,
    ...(call ? [`<p>${escape(call)}</p>`] : []),
    `<p>${escape(signature)}</p>`,
  ].join("\n");
  return {
    to: order.email,
    subject: wordText((v) => t("mail.creditNote.subject", v), { number, order: order.orderNumber }),
    text: [...lines, wordText((v) => t("mail.creditNote.link", v), { link }), ...(call ? [call] : []), "", signature].join("\n"),
    html: `<div dir="${directionOf(language)}" lang="${language}">\n${html}\n</div>`,
    attachments: [{ filename: `${number}.pdf`, content: note.pdf, contentType: "application/pdf" }],
  };
}
