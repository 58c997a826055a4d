import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { totalsLines, type OrderTotals } from "~/mail/totals.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { formatCount } from "~/shared/digits";
import { directionOf, type Language } from "~/shared/language";
import { escapeHtml } from "~/utils/html";

export type PaymentReminderMailInput = OrderTotals & {
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  email: string;
  fullName: string;
  orderNumber: string;
  /** the order's lines as it was placed: the name in the mail's language, the line's price (unit price × quantity) */
  items: { name: string; quantity: number; lineFils: number }[];
  language: Language;
  /** the absolute address of the order's payment page */
  payLink: string;
  /** the absolute address of the page that stops this order's reminders */
  stopLink: string;
};

/**
 * A payment reminder (issue 45, decision 0085): the order not paid yet, in its language, with its items and its
 * totals line by line as the paid confirmation has them (discount, delivery, wrapping), so that they add up to the
 * amount asked, the link that opens its payment and the link that stops its reminders.
 */
export function paymentReminderMail(input: PaymentReminderMailInput): Mail {
  const t = fixedT(input.language);
  const arabic = input.language === "ar";
  const escape = arabic ? htmlLine : escapeHtml;
  const number = arabic ? bidiIsolate(input.orderNumber) : input.orderNumber;
  const amount = formatKDText(input.totalFils, input.language);
  const items = input.items.map((item) => ({
    quantity: formatCount(item.quantity, input.language),
    name: item.name,
    price: formatKDText(item.lineFils, input.language),
  }));
  const totals = totalsLines(input, input.language);
  const say = {
    hello: (v: Record<"name", string>) => t("mail.paymentReminder.hello", v),
    waiting: (v: Record<"number" | "amount", string>) => t("mail.paymentReminder.waiting", v),
    item: (v: Record<"quantity" | "name" | "price", string>) => t("mail.paymentReminder.item", v),
    thanks: (v: Record<"shop", string>) => t("mail.paymentReminder.thanks", v),
  };
  const html = [
    `<p>${wordHtml(say.hello, { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml(say.waiting, { number: `<strong>${escape(number)}</strong>`, amount: `<strong>${escape(amount)}</strong>` }, escape)}</p>`,
    `<ul>\n${items.map((item) => `<li>${wordHtml(say.item, { quantity: escape(item.quantity), name: escape(item.name), price: escape(item.price) }, escape)}</li>`).join("\n")}\n</ul>`,
    `<p>${totals.map((line, index) => (index === totals.length - 1 ? `<strong>${escape(line)}</strong>` : escape(line))).join("<br>")}</p>`,
    `<p><a href="${escapeHtml(input.payLink)}" data-pay-link>${escapeHtml(t("mail.paymentReminder.payLink"))}</a></p>`,
    `<p>${escape(t("mail.paymentReminder.soldOutNote"))}</p>`,
    `<p><small><a href="${escapeHtml(input.stopLink)}" data-stop-link>${escapeHtml(t("mail.paymentReminder.stopLink"))}</a></small></p>`,
    `<p>${wordHtml(say.thanks, { shop: escape(input.shopName) }, escape)}</p>`,
  ].join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.paymentReminder.subject", v), { number: input.orderNumber }),
    text: [
      wordText(say.hello, { name: input.fullName }),
      wordText(say.waiting, { number, amount }),
      ...items.map((item) => wordText(say.item, item)),
      ...totals,
      "",
      wordText((v) => t("mail.paymentReminder.pay", v), { link: input.payLink }),
      t("mail.paymentReminder.soldOutNote"),
      "",
      wordText((v) => t("mail.paymentReminder.stop", v), { link: input.stopLink }),
      "",
      wordText(say.thanks, { shop: input.shopName }),
    ].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
