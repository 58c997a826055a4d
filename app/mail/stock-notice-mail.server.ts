import type { Language } from "~/i18n/config";
import { fixedT } from "~/i18n/fixed-t.server";
import type { Mail } from "~/mail/send.server";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

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
