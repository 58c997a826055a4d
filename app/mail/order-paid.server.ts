import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { directionOf, localized, type Language } from "~/shared/language";
import { formatCount } from "~/shared/digits";
import { escapeHtml } from "~/utils/html";

/** A line of the order as the confirmation lists it. */
type PaidLine = { nameEn: string; nameAr: string; quantity: number; priceFils: number; optionValues?: { en: string; ar: string }[] };

/** What the shopper's confirmation of a paid order shows, and its invoice. */
export type PaidOrderMailInput = OrderTotals & {
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  /** the shop's contact phone as shoppers read it, or null while the owner has not set one */
  shopPhone: string | null;
  email: string;
  fullName: string;
  orderNumber: string;
  /** the order's language, the only one the mail speaks */
  language: Language;
  items: PaidLine[];
  invoiceUrl: string;
  invoicePdf: Buffer;
};

/**
 * The shopper's confirmation of a paid order in the order's language only (CONTRACT.md "Messages to shoppers": an
 * Arabic shopper reads no English, an English one no Arabic), greeting them by name, listing the items bought and
 * the totals, with the invoice attached, a signed link to it, and the shop that sends it.
 */
export function paidOrderMail(order: PaidOrderMailInput): Mail {
  const { language } = order;
  const t = fixedT(language);
  const arabic = language === "ar";
  // Arabic text goes through htmlLine, which keeps its left-to-right islands (numbers, amounts) whole.
  const escape = arabic ? htmlLine : escapeHtml;
  const link = order.invoiceUrl;
  const thanks = {
    name: order.fullName,
    total: formatKDText(order.totalFils, language),
    number: arabic ? bidiIsolate(order.orderNumber) : order.orderNumber,
  };
  const items = order.items.map((item) => {
    const options = (item.optionValues ?? []).map((value) => localized(language, value)).join(" / ");
    const name = `${localized(language, { en: item.nameEn, ar: item.nameAr })}${options ? ` (${options})` : ""}`;
    return wordText((v) => t("mail.paid.item", v), { quantity: formatCount(item.quantity, language), name, amount: formatKDText(item.priceFils * item.quantity, language) });
  });
  const totals = totalsLines(order, language);
  // A shopper with a question calls the number the owner gave; the line is left out while there is none.
  const phone = order.shopPhone ? (arabic ? bidiIsolate(order.shopPhone) : order.shopPhone) : null;
  const call = phone ? wordText((v) => t("mail.orderUpdate.call", v), { phone }) : null;
  const signature = wordText((v) => t("mail.orderUpdate.thanks", v), { shop: order.shopName });
  const html = [
    `<p>${wordHtml((v) => t("mail.paid.thanks", v), { name: escape(thanks.name), total: escape(thanks.total), number: `<strong>${escape(thanks.number)}</strong>` }, escape)}</p>`,
    `<p>${escape(t("mail.paid.items"))}<br>${items.map(escape).join("<br>")}</p>`,
    `<p>${totals.map(escape).join("<br>")}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.paid.invoiceLink"))}</a></p>`,
    ...(phone ? [`<p>${wordHtml((v) => t("mail.orderUpdate.call", v), { phone: escape(phone) }, escape)}</p>`] : []),
    `<p>${escape(signature)}</p>`,
  ].join("\n");
  return {
    to: order.email,
    subject: wordText((v) => t("mail.paid.subject", v), { number: order.orderNumber }),
    text: [
      wordText((v) => t("mail.paid.thanks", v), thanks),
      t("mail.paid.items"),
      ...items,
      ...totals,
      wordText((v) => t("mail.paid.invoice", v), { link }),
      ...(call ? [call] : []),
      "",
      signature,
    ].join("\n"),
    html: `<div dir="${directionOf(language)}" lang="${language}">\n${html}\n</div>`,
    attachments: [{ filename: `${order.orderNumber}.pdf`, content: order.invoicePdf, contentType: "application/pdf" }],
  };
}
