import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { formatKD } from "~/shared/money";
import { escapeHtml } from "~/utils/html";

/** What the shopper's confirmation of a paid order shows, and its invoice. */
export type PaidOrderMailInput = OrderTotals & {
  email: string;
  fullName: string;
  orderNumber: string;
  invoiceUrl: string;
  invoicePdf: Buffer;
};

/** The shopper's confirmation of a paid order, English then Arabic, the invoice attached and a signed link to it. */
export function paidOrderMail(order: PaidOrderMailInput): Mail {
  const en = fixedT("en");
  const ar = fixedT("ar");
  const link = order.invoiceUrl;
  const number = order.orderNumber;
  const values = {
    en: { name: order.fullName, total: formatKD(order.totalFils), number },
    ar: { name: order.fullName, total: formatKDText(order.totalFils, "ar"), number: bidiIsolate(number) },
  };
  return {
    to: order.email,
    subject: [wordText((v) => en("mail.paid.subject", v), { number }), wordText((v) => ar("mail.paid.subject", v), { number })].join(" / "),
    text: [
      wordText((v) => en("mail.paid.thanks", v), values.en),
      ...totalsLines(order, "en"),
      wordText((v) => en("mail.paid.invoice", v), { link }),
      "",
      wordText((v) => ar("mail.paid.thanks", v), values.ar),
      ...totalsLines(order, "ar"),
      wordText((v) => ar("mail.paid.invoice", v), { link }),
    ].join("\n"),
    html: [
      `<p>${wordHtml((v) => en("mail.paid.thanks", v), {
        name: escapeHtml(values.en.name),
        total: escapeHtml(values.en.total),
        number: `<strong>${escapeHtml(number)}</strong>`,
      })}</p>`,
      `<p>${totalsLines(order, "en").map(escapeHtml).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(en("mail.paid.invoiceLink"))}</a></p>`,
      `<div dir="rtl" lang="ar"><p>${wordHtml(
        (v) => ar("mail.paid.thanks", v),
        { name: htmlLine(values.ar.name), total: htmlLine(values.ar.total), number: `<strong>${htmlLine(values.ar.number)}</strong>` },
        htmlLine,
      )}</p>`,
      `<p>${totalsLines(order, "ar").map(htmlLine).join("<br>")}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(ar("mail.paid.invoiceLink"))}</a></p></div>`,
    ].join("\n"),
    attachments: [{ filename: `${number}.pdf`, content: order.invoicePdf, contentType: "application/pdf" }],
  };
}
