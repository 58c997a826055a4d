import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { formatAdminDate } from "~/shared/admin-dates";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { formatKD } from "~/shared/money";
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
};

/** The bilingual e-mail of one credit note, its PDF attached and a signed link to it. */
export function creditNoteMail(note: CreditNoteMailInput): Mail {
  const { number, order, url: link } = note;
  const en = fixedT("en");
  const ar = fixedT("ar");
  const values = {
    en: {
      name: order.fullName,
      amount: formatKD(note.amountFils, "en"),
      remaining: formatKD(note.remainingPaidFils, "en"),
      order: order.orderNumber,
      number,
      date: formatAdminDate(order.createdAt, "en"),
    },
    ar: {
      name: order.fullName,
      amount: formatKDText(note.amountFils, "ar"),
      remaining: formatKDText(note.remainingPaidFils, "ar"),
      order: bidiIsolate(order.orderNumber),
      number: bidiIsolate(number),
      date: formatAdminDate(order.createdAt, "ar"),
    },
  };
  const lines = {
    en: [
      wordText((v) => en("mail.creditNote.refunded", v), values.en),
      wordText((v) => en("mail.creditNote.attached", v), values.en),
      en("mail.creditNote.bank"),
    ],
    ar: [
      wordText((v) => ar("mail.creditNote.refunded", v), values.ar),
      wordText((v) => ar("mail.creditNote.attached", v), values.ar),
      ar("mail.creditNote.bank"),
    ],
  };
  const subjectValues = { number, order: order.orderNumber };
  return {
    to: order.email,
    subject: [wordText((v) => en("mail.creditNote.subject", v), subjectValues), wordText((v) => ar("mail.creditNote.subject", v), subjectValues)].join(" / "),
    text: [...lines.en, wordText((v) => en("mail.creditNote.link", v), { link }), "", ...lines.ar, wordText((v) => ar("mail.creditNote.link", v), { link })].join("\n"),
    html: [
      `<p>${lines.en.map(escapeHtml).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(en("mail.creditNote.linkLabel"))}</a></p>`,
      `<div dir="rtl" lang="ar"><p>${lines.ar.map(htmlLine).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(ar("mail.creditNote.linkLabel"))}</a></p></div>`,
    ].join("\n"),
    attachments: [{ filename: `${number}.pdf`, content: note.pdf, contentType: "application/pdf" }],
  };
}
