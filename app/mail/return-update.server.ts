import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { bidiIsolate } from "~/shared/bidi";
import { directionOf, type Language } from "~/shared/language";
import type { ReturnStatus } from "~/shared/returns";
import { escapeHtml } from "~/utils/html";

export type ReturnUpdateMailInput = {
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
};

/** The owner's decision on a return, in the order's language, with the owner's note and a link to the order. */
export function returnUpdateMail(input: ReturnUpdateMailInput): Mail {
  const t = fixedT(input.language);
  const escape = input.language === "ar" ? htmlLine : escapeHtml;
  const isolate = (value: string) => (input.language === "ar" ? bidiIsolate(value) : value);
  const values = { number: isolate(input.returnNumber), order: isolate(input.orderNumber) };
  const news = wordText((v) => t(`mail.returnUpdate.${input.status}`, v), values);
  const note = input.note ? wordText((v) => t("mail.returnUpdate.note", v), { note: input.note }) : "";
  const html = [
    `<p>${wordHtml((v) => t("mail.orderUpdate.hello", v), { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml((v) => t(`mail.returnUpdate.${input.status}`, v), { number: `<strong>${escape(values.number)}</strong>`, order: `<strong>${escape(values.order)}</strong>` }, escape)}</p>`,
    input.note ? `<p>${wordHtml((v) => t("mail.returnUpdate.note", v), { note: escape(input.note) }, escape)}</p>` : "",
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t("mail.orderUpdate.invoiceLink"))}</a></p>`,
    `<p>${escapeHtml(t("mail.orderUpdate.thanks"))}</p>`,
  ].filter(Boolean).join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.returnUpdate.subject", v), { number: input.returnNumber, what: t(`mail.returnUpdate.short.${input.status}`) }),
    text: [
      wordText((v) => t("mail.orderUpdate.hello", v), { name: input.fullName }),
      news,
      ...(note ? [note] : []),
      wordText((v) => t("mail.orderUpdate.invoice", v), { link: input.link }),
      "",
      t("mail.orderUpdate.thanks"),
    ].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
