import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { bidiIsolate, formatKDText } from "~/shared/bidi";
import { formatCount } from "~/shared/digits";
import { directionOf, type Language } from "~/shared/language";
import { EXCHANGE_HOLD_HOURS, type ReturnStatus } from "~/shared/returns";
import { escapeHtml } from "~/utils/html";

export type ReturnUpdateMailInput = {
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  email: string;
  fullName: string;
  orderNumber: string;
  returnNumber: string;
  status: ReturnStatus;
  /** the owner's note to the shopper, if any */
  note: string;
  language: Language;
  /** where the shopper finds the order and its returns: `${APP_URL}/view-invoice?orderNumber=…` */
  link: string;
  /** a dearer exchange: its order, the difference due and the address of its payment page (decision 0061) */
  due?: { exchangeOrderNumber: string; dueFils: number; payLink: string };
};

/** The owner's decision on a return, in the order's language, with the owner's note and a link to the order. */
export function returnUpdateMail(input: ReturnUpdateMailInput): Mail {
  const t = fixedT(input.language);
  const escape = input.language === "ar" ? htmlLine : escapeHtml;
  const isolate = (value: string) => (input.language === "ar" ? bidiIsolate(value) : value);
  const due = input.status === "exchanged" ? input.due : undefined;
  const key = due ? "mail.returnUpdate.exchangedDue" : (`mail.returnUpdate.${input.status}` as const);
  const values = {
    number: isolate(input.returnNumber),
    order: isolate(input.orderNumber),
    exchange: isolate(due?.exchangeOrderNumber ?? ""),
    amount: due ? formatKDText(due.dueFils, input.language) : "",
    // A count in the text's own digits (decision 0079): "خلال ٤٨ ساعة", not a Latin 48 in an Arabic sentence.
    hours: formatCount(EXCHANGE_HOLD_HOURS, input.language),
  };
  const news = wordText((v) => t(key, v), values);
  const note = input.note ? wordText((v) => t("mail.returnUpdate.note", v), { note: input.note }) : "";
  const html = [
    `<p>${wordHtml((v) => t("mail.orderUpdate.hello", v), { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml((v) => t(key, v), { number: `<strong>${escape(values.number)}</strong>`, order: `<strong>${escape(values.order)}</strong>`, exchange: `<strong>${escape(values.exchange)}</strong>`, amount: `<strong>${escape(values.amount)}</strong>`, hours: escape(values.hours) }, escape)}</p>`,
    due ? `<p><a href="${escapeHtml(due.payLink)}" data-pay-link>${escapeHtml(t("mail.returnUpdate.payLink"))}</a></p>` : "",
    input.note ? `<p>${wordHtml((v) => t("mail.returnUpdate.note", v), { note: escape(input.note) }, escape)}</p>` : "",
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t("mail.orderUpdate.invoiceLink"))}</a></p>`,
    `<p>${escapeHtml(t("mail.orderUpdate.thanks", { shop: input.shopName }))}</p>`,
  ].filter(Boolean).join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.returnUpdate.subject", v), { number: input.returnNumber, what: t(due ? "mail.returnUpdate.short.exchangedDue" : `mail.returnUpdate.short.${input.status}`) }),
    text: [
      wordText((v) => t("mail.orderUpdate.hello", v), { name: input.fullName }),
      news,
      ...(note ? [note] : []),
      ...(due ? [wordText((v) => t("mail.returnUpdate.pay", v), { link: due.payLink })] : []),
      wordText((v) => t("mail.orderUpdate.invoice", v), { link: input.link }),
      "",
      t("mail.orderUpdate.thanks", { shop: input.shopName }),
    ].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
