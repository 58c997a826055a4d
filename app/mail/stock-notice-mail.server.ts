import type { Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";
import type { Mail } from "~/mail/send.server";
import { wordText } from "~/mail/compose.server";
import { escapeHtml } from "~/utils/html";

/**
 * The one back-in-stock mail of a notice, in the language of the page where the shopper signed up, with absolute
 * links.
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
 * The confirmation an address gets before any back-in-stock mail, in the language of the page (or API request) where
 * it was typed, and in that one only, as the notice that follows (no English word in an Arabic message). It carries a
 * link to a page that asks before it confirms (a mail scanner opening the link confirms nothing).
 */
export function stockNoticeConfirmationMail({ to, language, confirmUrl, shop }: { to: string; language: Language; confirmUrl: string; shop: Record<Language, string> }): Mail {
  const t = fixedT(language);
  const dir = language === "ar" ? "rtl" : "ltr";
  const text = [t("stockNotices.confirmMail.heading"), "", t("stockNotices.confirmMail.body"), confirmUrl, "", t("stockNotices.confirmMail.ignore")].join("\n");
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif">`,
    `<div dir="${dir}" lang="${language}" style="text-align:${dir === "rtl" ? "right" : "left"}">`,
    `<h1 style="font-size:20px">${escapeHtml(t("stockNotices.confirmMail.heading"))}</h1>`,
    `<p>${escapeHtml(t("stockNotices.confirmMail.body"))}</p>`,
    `<p><a href="${escapeHtml(confirmUrl)}">${escapeHtml(t("stockNotices.confirm.button"))}</a></p>`,
    `<p>${escapeHtml(t("stockNotices.confirmMail.ignore"))}</p>`,
    `</div></body></html>`,
  ].join("\n");
  return { to, subject: wordText((v) => t("stockNotices.confirmMail.subject", v), { shop: shop[language] }), text, html };
}
