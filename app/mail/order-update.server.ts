import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { bidiIsolate } from "~/shared/bidi";
import { directionOf, type Language } from "~/shared/language";
import type { AnnouncedStatus } from "~/shared/order-status";
import { escapeHtml } from "~/utils/html";


export type OrderUpdateMailInput = {
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  email: string;
  fullName: string;
  orderNumber: string;
  /** a status it announces, or the owner's delay notice */
  status: AnnouncedStatus | "delay";
  /** the delay notice's day as the shopper reads it (deliveryDateText) */
  date?: string;
  language: Language;
  /** where the shopper finds the order and its invoice: `${APP_URL}/view-invoice?orderNumber=…` */
  link: string;
};

/**
 * A short, warm note in the order's language that its status changed, or that it will arrive later than hoped (on
 * `date`), with the order number and a link to it.
 */
export function orderUpdateMail(input: OrderUpdateMailInput): Mail {
  const t = fixedT(input.language);
  const escape = input.language === "ar" ? htmlLine : escapeHtml;
  const number = input.language === "ar" ? bidiIsolate(input.orderNumber) : input.orderNumber;
  const link = input.link;
  const hello = wordText((v) => t("mail.orderUpdate.hello", v), { name: input.fullName });
  const date = input.date ?? "";
  const news = wordText((v) => t(`mail.orderUpdate.${input.status}`, v), { number, date });
  const html = [
    `<p>${wordHtml((v) => t("mail.orderUpdate.hello", v), { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml((v) => t(`mail.orderUpdate.${input.status}`, v), { number: `<strong>${escape(number)}</strong>`, date: `<strong>${escape(date)}</strong>` }, escape)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.orderUpdate.invoiceLink"))}</a></p>`,
    `<p>${escapeHtml(t("mail.orderUpdate.thanks", { shop: input.shopName }))}</p>`,
  ].join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.orderUpdate.subject", v), { number: input.orderNumber, what: input.status === "delay" ? t("mail.orderUpdate.delayShort", { date }) : t(`mail.orderUpdate.short.${input.status}`) }),
    text: [hello, news, wordText((v) => t("mail.orderUpdate.invoice", v), { link }), "", t("mail.orderUpdate.thanks", { shop: input.shopName })].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
