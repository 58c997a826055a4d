import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { localized, type Language } from "~/shared/language";
import { formatKD } from "~/shared/money";
import { formatCount } from "~/shared/digits";
import { escapeHtml } from "~/utils/html";

/** A line of the order as the confirmation lists it. */
type PaidLine = { nameEn: string; nameAr: string; quantity: number; priceFils: number; optionValues?: { en: string; ar: string }[] };

/** What the shopper's confirmation of a paid order shows, and its invoice. */
export type PaidOrderMailInput = OrderTotals & {
  email: string;
  fullName: string;
  orderNumber: string;
  /** the order's language: its half comes first */
  language: Language;
  items: PaidLine[];
  invoiceUrl: string;
  invoicePdf: Buffer;
};

/**
 * The shopper's confirmation of a paid order in both languages, the order's own first (issue 43: an Arabic order
 * opened on an English sentence), each half listing the items bought, the invoice attached and a signed link to it.
 */
export function paidOrderMail(order: PaidOrderMailInput): Mail {
  const link = order.invoiceUrl;
  const number = order.orderNumber;
  const languages: Language[] = order.language === "en" ? ["en", "ar"] : ["ar", "en"];
  const half = (language: Language) => {
    const t = fixedT(language);
    const ar = language === "ar";
    const items = order.items.map((item) => {
      const options = (item.optionValues ?? []).map((value) => localized(language, value)).join(" / ");
      const name = `${localized(language, { en: item.nameEn, ar: item.nameAr })}${options ? ` (${options})` : ""}`;
      return wordText((v) => t("mail.paid.item", v), { quantity: formatCount(item.quantity, language), name, amount: formatKDText(item.priceFils * item.quantity, language) });
    });
    return {
      subject: wordText((v) => t("mail.paid.subject", v), { number }),
      thanks: { name: order.fullName, total: ar ? formatKDText(order.totalFils, "ar") : formatKD(order.totalFils), number: ar ? bidiIsolate(number) : number },
      items,
      totals: totalsLines(order, language),
      t,
      ar,
    };
  };
  const halves = languages.map(half);
  return {
    to: order.email,
    subject: halves.map((shown) => shown.subject).join(" / "),
    text: halves
      .map(({ t, thanks, items, totals }) =>
        [wordText((v) => t("mail.paid.thanks", v), thanks), t("mail.paid.items"), ...items, ...totals, wordText((v) => t("mail.paid.invoice", v), { link })].join("\n"),
      )
      .join("\n\n"),
    html: halves
      .map(({ t, thanks, items, totals, ar }) => {
        // Arabic text goes through htmlLine, which keeps its left-to-right islands (numbers, amounts) whole.
        const line = ar ? htmlLine : escapeHtml;
        const body = [
          `<p>${wordHtml((v) => t("mail.paid.thanks", v), { name: line(thanks.name), total: line(thanks.total), number: `<strong>${line(thanks.number)}</strong>` }, line)}</p>`,
          `<p>${line(t("mail.paid.items"))}<br>${items.map(line).join("<br>")}</p>`,
          `<p>${totals.map(line).join("<br>")}</p>`,
          `<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.paid.invoiceLink"))}</a></p>`,
        ].join("\n");
        return ar ? `<div dir="rtl" lang="ar">${body}</div>` : `<div dir="ltr" lang="en">${body}</div>`;
      })
      .join("\n"),
    attachments: [{ filename: `${number}.pdf`, content: order.invoicePdf, contentType: "application/pdf" }],
  };
}
