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
  /** the shop's contact phone as shoppers read it ("+965 6000 0000"), or null while the owner has not set one */
  shopPhone: string | null;
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
  // A shopper with a question calls the number the owner gave; the line is left out while there is none.
  const phone = input.shopPhone ? (input.language === "ar" ? bidiIsolate(input.shopPhone) : input.shopPhone) : null;
  const call = phone ? wordText((v) => t("mail.orderUpdate.call", v), { phone }) : null;
  const news = wordText((v) => t(`mail.orderUpdate.${input.status}`, v), { number, date });
  const html = [
    `<p>${wordHtml((v) => t("mail.orderUpdate.hello", v), { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml((v) => t(`mail.orderUpdate.${input.status}`, v), { number: `<strong>${escape(number)}</strong>`, date: `<strong>${escape(date)}</strong>` }, escape)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t("mail.orderUpdate.invoiceLink"))}</a></p>`,
    ...(phone ? [`<p>${wordHtml((v) => t("mail.orderUpdate.call", v), { phone: escape(phone) }, escape)}</p>`] : []),
    `<p>${escapeHtml(t("mail.orderUpdate.thanks", { shop: input.shopName }))}</p>`,
  ].join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.orderUpdate.subject", v), { number: input.orderNumber, what: input.status === "delay" ? t("mail.orderUpdate.delayShort", { date }) : t(`mail.orderUpdate.short.${input.status}`) }),
    text: [hello, news, wordText((v) => t("mail.orderUpdate.invoice", v), { link }), ...(call ? [call] : []), "", wordText((v) => t("mail.orderUpdate.thanks", v), { shop: input.shopName })].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
