import type { Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";
import type { Mail } from "~/mail/send.server";
import { wordText } from "~/mail/compose.server";
import { escapeHtml } from "~/utils/html";

/**
 * The one back-in-stock mail of a notice, in the language of the page where the shopper signed up (not both, as the
 * account mails are: this one answers a request made on a page in that language), with absolute links.
 */
export function backInStockMail({
  to,
  language,
  productName,
  productUrl,
  unsubscribeUrl,
}: {
  to: string;
  language: Language;
  productName: string;
  productUrl: string;
  unsubscribeUrl: string;
}): Mail {
  const t = fixedT(language);
  const product = { product: productName };
  const dir = language === "ar" ? "rtl" : "ltr";
  const text = [
    t("stockNotices.mail.heading", product),
    "",
    t("stockNotices.mail.body", product),
    productUrl,
    "",
    t("stockNotices.mail.once"),
    "",
    t("stockNotices.mail.unsubscribe"),
    unsubscribeUrl,
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif">`,
    `<div dir="${dir}" style="text-align:${dir === "rtl" ? "right" : "left"}">`,
    `<h1 style="font-size:20px">${escapeHtml(t("stockNotices.mail.heading", product))}</h1>`,
    `<p>${escapeHtml(t("stockNotices.mail.body", product))}</p>`,
    `<p><a href="${escapeHtml(productUrl)}">${escapeHtml(t("stockNotices.mail.link"))}</a></p>`,
    `<p>${escapeHtml(t("stockNotices.mail.once"))}</p>`,
    `<p style="font-size:12px;color:#666">${escapeHtml(t("stockNotices.mail.unsubscribe"))} <a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(unsubscribeUrl)}</a></p>`,
    `</div></body></html>`,
  ].join("\n");
  return { to, subject: t("stockNotices.mail.subject", product), text, html };
}

/**
 * The confirmation an address gets before any back-in-stock mail: whoever typed it may not own it, so it carries both
 * languages (the sign-up page's first) and a link to a page that asks before it confirms (a mail scanner opening the
 * link confirms nothing).
 */
export function stockNoticeConfirmationMail({ to, language, confirmUrl, shop }: { to: string; language: Language; confirmUrl: string; shop: Record<Language, string> }): Mail {
  const order: Language[] = language === "ar" ? ["ar", "en"] : ["en", "ar"];
  const texts = order.map((lang) => ({ lang, t: fixedT(lang) }));
  const text = texts
    .map(({ t }) => [t("stockNotices.confirmMail.heading"), "", t("stockNotices.confirmMail.body"), confirmUrl, "", t("stockNotices.confirmMail.ignore")].join("\n"))
    .join("\n\n----------------\n\n");
  const sections = texts.map(({ lang, t }) => {
    const dir = lang === "ar" ? "rtl" : "ltr";
    return [
      `<div dir="${dir}" lang="${lang}" style="text-align:${dir === "rtl" ? "right" : "left"}">`,
      `<h1 style="font-size:20px">${escapeHtml(t("stockNotices.confirmMail.heading"))}</h1>`,
      `<p>${escapeHtml(t("stockNotices.confirmMail.body"))}</p>`,
      `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(t("stockNotices.confirm.button"))}</a></p>`,
      `<p>${escapeHtml(t("stockNotices.confirmMail.ignore"))}</p>`,
      `</div>`,
    ].join("");
  });
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif">${sections.join("<hr>")}</body></html>`;
  return { to, subject: texts.map(({ lang, t }) => wordText((v) => t("stockNotices.confirmMail.subject", v), { shop: shop[lang] })).join(" / "), text, html };
}
