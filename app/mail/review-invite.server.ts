import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { bidiIsolate } from "~/shared/bidi";
import { directionOf, type Language } from "~/shared/language";
import { escapeHtml } from "~/utils/html";

export type ReviewInviteMailInput = {
  /** the shop's name in the mail's language, from the owner's settings */
  shopName: string;
  email: string;
  fullName: string;
  orderNumber: string;
  /** the order's products, named in the mail's language */
  products: string[];
  language: Language;
  /** the absolute address of the order's review page (a signed link, no sign-in needed) */
  reviewLink: string;
};

/** The review invitation (issue 47, decision 0090): in the order's language, its products and the review page's link. */
export function reviewInviteMail(input: ReviewInviteMailInput): Mail {
  const t = fixedT(input.language);
  const arabic = input.language === "ar";
  const escape = arabic ? htmlLine : escapeHtml;
  const number = arabic ? bidiIsolate(input.orderNumber) : input.orderNumber;
  const say = {
    hello: (v: Record<"name", string>) => t("mail.reviewInvite.hello", v),
    ask: (v: Record<"number", string>) => t("mail.reviewInvite.ask", v),
    thanks: (v: Record<"shop", string>) => t("mail.reviewInvite.thanks", v),
  };
  const html = [
    `<p>${wordHtml(say.hello, { name: escape(input.fullName) }, escape)}</p>`,
    `<p>${wordHtml(say.ask, { number: `<strong>${escape(number)}</strong>` }, escape)}</p>`,
    `<ul>\n${input.products.map((name) => `<li>${escape(name)}</li>`).join("\n")}\n</ul>`,
    `<p><a href="${escapeHtml(input.reviewLink)}" data-review-link>${escapeHtml(t("mail.reviewInvite.link"))}</a></p>`,
    `<p>${wordHtml(say.thanks, { shop: escape(input.shopName) }, escape)}</p>`,
  ].join("\n");
  return {
    to: input.email,
    subject: wordText((v) => t("mail.reviewInvite.subject", v), { number: input.orderNumber }),
    text: [
      wordText(say.hello, { name: input.fullName }),
      wordText(say.ask, { number }),
      ...input.products.map((name) => `- ${name}`),
      "",
      wordText((v) => t("mail.reviewInvite.open", v), { link: input.reviewLink }),
      "",
      wordText(say.thanks, { shop: input.shopName }),
    ].join("\n"),
    html: `<div dir="${directionOf(input.language)}" lang="${input.language}">\n${html}\n</div>`,
  };
}
