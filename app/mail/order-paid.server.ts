import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText, PDI } from "~/shared/bidi";
import { directionOf, localized, type Language } from "~/shared/language";
import { formatCount, localFigure } from "~/shared/digits";
import { deliveryDateText } from "~/shared/delivery-date";
import { escapeHtml } from "~/utils/html";

/** A line of the order as the confirmation lists it; `customTags`: the custom texts the shopper gave it (a name to print). */
type PaidLine = {
  nameEn: string;
  nameAr: string;
  quantity: number;
  priceFils: number;
  optionValues?: { en: string; ar: string }[];
  customTags?: { titleEn: string; titleAr: string; value: string }[];
};

/** U+2068, first strong isolate: the shopper's own text keeps its direction inside a line of the other language. */
const FSI = "\u2068";

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
  /** the Kuwait day the order is promised by (issue 48); null for an order placed before orders had one */
  promisedBy?: string | null;
  /** the delivery window the shopper chose for that day; null without one */
  deliveryWindow?: { from: string; to: string } | null;
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
  // Each line with its custom texts under it, the owner's title in the order's language and the shopper's text as typed:
  // what the invoice shows, so the shopper can check the name to print (probe 4, item 7).
  const lines = order.items.map((item) => {
    const options = (item.optionValues ?? []).map((value) => localized(language, value)).join(" / ");
    const name = `${localized(language, { en: item.nameEn, ar: item.nameAr })}${options ? ` (${options})` : ""}`;
    const line = wordText((v) => t("mail.paid.item", v), { quantity: formatCount(item.quantity, language), name, amount: formatKDText(item.priceFils * item.quantity, language) });
    const tags = (item.customTags ?? []).filter((tag) => tag.value.trim()).map((tag) => ({ title: localized(language, { en: tag.titleEn, ar: tag.titleAr }), value: tag.value }));
    return { line, tags };
  });
  const items = lines.flatMap(({ line, tags }) => [line, ...tags.map((tag) => `  ${tag.title}: ${FSI}${tag.value}${PDI}`)]);
  const itemsHtml = lines.map(({ line, tags }) => [escape(line), ...tags.map((tag) => `&emsp;${escape(tag.title)}: <bdi>${escapeHtml(tag.value)}</bdi>`)].join("<br>"));
  const totals = totalsLines(order, language);
  const promise = promiseLine(order, t);
  // A shopper with a question calls the number the owner gave; the line is left out while there is none.
  const phone = order.shopPhone ? (arabic ? bidiIsolate(order.shopPhone) : order.shopPhone) : null;
  const call = phone ? wordText((v) => t("mail.orderUpdate.call", v), { phone }) : null;
  const signature = wordText((v) => t("mail.orderUpdate.thanks", v), { shop: order.shopName });
  const html = [
    `<p>${wordHtml((v) => t("mail.paid.thanks", v), { name: escape(thanks.name), total: escape(thanks.total), number: `<strong>${escape(thanks.number)}</strong>` }, escape)}</p>`,
    ...(promise ? [`<p>${escape(promise)}</p>`] : []),
    `<p>${escape(t("mail.paid.items"))}<br>${itemsHtml.join("<br>")}</p>`,
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
      ...(promise ? [promise] : []),
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

/** "We promise delivery on Friday, 4 December 2026, between 16:00 and 20:00.", as the checkout promised it; null without a day. */
function promiseLine(order: PaidOrderMailInput, t: ReturnType<typeof fixedT>): string | null {
  if (!order.promisedBy) return null;
  const date = deliveryDateText(order.promisedBy, order.language);
  const window = order.deliveryWindow;
  if (!window) return wordText((v) => t("mail.paid.promise", v), { date });
  const times = { from: localFigure(window.from, order.language), to: localFigure(window.to, order.language) };
  return wordText((v) => t("mail.paid.promiseWindow", v), { date, ...times });
}
