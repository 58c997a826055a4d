import { fixedT } from "~/i18n/fixed-t.server";
import { htmlLine } from "~/mail/bidi-html.server";
import { wordHtml, wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { bidiIsolate } from "~/shared/bidi";
import { formatCount } from "~/shared/digits";
import { directionOf, type Language } from "~/shared/language";
import { escapeHtml } from "~/utils/html";

/** A line of a mail: text, or text and the HTML that shows it (a line with a link). */
type Line = string | { text: string; html: string };
type Texts = { subject: string; heading: string; lines: Line[] };

/** The shop's name in each language, from the owner's settings: the subjects name the shop she runs. */
export type ShopNames = Record<Language, string>;

/** A web address in a line of text: in Arabic, a left-to-right island, so that it is read whole and in order. */
function isolated(address: string, language: Language): string {
  return language === "ar" ? bidiIsolate(address) : address;
}

/**
 * An account mail in the language of the request that caused it (the page's, or the API request's), and in that one
 * only: the shop's rule is no English word in an Arabic message and no Arabic in an English one. Plain text and
 * simple HTML in the language's direction, the code (when there is one) large and left to right above it.
 */
function accountMail(to: string, language: Language, texts: Texts, code?: string): Mail {
  const dir = directionOf(language);
  // Arabic lines keep their left-to-right islands (addresses) whole and in order.
  const escape = language === "ar" ? htmlLine : escapeHtml;
  const codeBlock = code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;direction:ltr;text-align:center">${escapeHtml(code)}</p>`
    : "";
  const lines = texts.lines.map((line) => `<p>${typeof line === "string" ? escape(line) : line.html}</p>`).join("");
  const html = [
    `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif">${codeBlock}`,
    `<div dir="${dir}" lang="${language}" style="text-align:${dir === "rtl" ? "right" : "left"}"><h1 style="font-size:20px">${escape(texts.heading)}</h1>${lines}</div>`,
    `</body></html>`,
  ].join("");
  const text = [texts.heading, "", ...texts.lines.map((line) => (typeof line === "string" ? line : line.text))].join("\n");
  return { to, subject: texts.subject, text, html };
}

export function verificationCodeMail({ to, code, language, minutes, shop }: { to: string; code: string; language: Language; minutes: number; shop: ShopNames }): Mail {
  const t = fixedT(language);
  const texts = {
    subject: wordText((v) => t("mail.verificationCode.subject", v), { shop: shop[language] }),
    heading: t("mail.verificationCode.heading"),
    lines: [
      wordText((v) => t("mail.verificationCode.code", v), { code }),
      wordText((v) => t("mail.verificationCode.valid", v), { minutes: formatCount(minutes, language) }),
      t("mail.verificationCode.ignore"),
    ],
  };
  return accountMail(to, language, texts, code);
}

export function resetCodeMail({ to, code, language, minutes, shop }: { to: string; code: string; language: Language; minutes: number; shop: ShopNames }): Mail {
  const t = fixedT(language);
  const texts = {
    subject: wordText((v) => t("mail.resetCode.subject", v), { shop: shop[language] }),
    heading: t("mail.resetCode.heading"),
    lines: [
      wordText((v) => t("mail.resetCode.code", v), { code }),
      wordText((v) => t("mail.resetCode.valid", v), { minutes: formatCount(minutes, language) }),
      t("mail.resetCode.ignore"),
    ],
  };
  return accountMail(to, language, texts, code);
}

/** Sent instead of a code when someone tries to register an e-mail that already has an account. */
export function alreadyRegisteredMail({ to, language, appUrl, shop }: { to: string; language: Language; appUrl: string; shop: ShopNames }): Mail {
  const t = fixedT(language);
  const address = (path: string) => isolated(`${appUrl}${path}`, language);
  const texts = {
    subject: wordText((v) => t("mail.alreadyRegistered.subject", v), { shop: shop[language] }),
    heading: t("mail.alreadyRegistered.heading"),
    lines: [wordText((v) => t("mail.alreadyRegistered.body", v), { login: address("/login"), reset: address("/forgot-password") }), t("mail.alreadyRegistered.ignore")],
  };
  return accountMail(to, language, texts);
}

export function passwordChangedMail({ to, language, shop }: { to: string; language: Language; shop: ShopNames }): Mail {
  const t = fixedT(language);
  const texts = {
    subject: wordText((v) => t("mail.passwordChanged.subject", v), { shop: shop[language] }),
    heading: t("mail.passwordChanged.heading"),
    lines: [t("mail.passwordChanged.body"), t("mail.passwordChanged.act")],
  };
  return accountMail(to, language, texts);
}

/**
 * The invitation of a staff member: the link that sets their password (valid `hours`, once) and the address where they
 * then sign in, both absolute and real links, each read left to right and whole inside an Arabic sentence; the role in
 * the words the staff page uses for it.
 */
export function staffInvitationMail({
  to,
  link,
  signIn,
  role,
  language,
  hours,
  shop,
}: {
  to: string;
  link: string;
  /** the absolute address of the admin's sign-in page */
  signIn: string;
  role: "owner" | "orders" | "catalogue";
  language: Language;
  hours: number;
  shop: ShopNames;
}): Mail {
  const t = fixedT(language);
  const escape = language === "ar" ? htmlLine : escapeHtml;
  const anchor = (address: string) => `<a href="${escapeHtml(address)}" dir="ltr" style="unicode-bidi:isolate">${escapeHtml(address)}</a>`;
  const valid = (v: Record<"hours" | "signIn", string>) => t("mail.staffInvite.valid", v);
  const setPassword = (v: Record<"link", string>) => t("mail.staffInvite.link", v);
  const hoursShown = formatCount(hours, language);
  const texts = {
    subject: wordText((v) => t("mail.staffInvite.subject", v), { shop: shop[language] }),
    heading: t("mail.staffInvite.heading"),
    lines: [
      wordText((v) => t("mail.staffInvite.role", v), { role: t(`admin.staff.roles.${role}`) }),
      { text: wordText(setPassword, { link: isolated(link, language) }), html: wordHtml(setPassword, { link: anchor(link) }, escape) },
      { text: wordText(valid, { hours: hoursShown, signIn: isolated(signIn, language) }), html: wordHtml(valid, { hours: escape(hoursShown), signIn: anchor(signIn) }, escape) },
      t("mail.staffInvite.ignore"),
    ],
  };
  return accountMail(to, language, texts);
}

/** An owner's new set-password link for a member who forgot their password: the invitation's link, other words. */
export function staffPasswordLinkMail({
  to,
  link,
  signIn,
  language,
  hours,
  shop,
}: {
  to: string;
  link: string;
  /** the absolute address of the admin's sign-in page */
  signIn: string;
  language: Language;
  hours: number;
  shop: ShopNames;
}): Mail {
  const t = fixedT(language);
  const escape = language === "ar" ? htmlLine : escapeHtml;
  const anchor = (address: string) => `<a href="${escapeHtml(address)}" dir="ltr" style="unicode-bidi:isolate">${escapeHtml(address)}</a>`;
  const valid = (v: Record<"hours" | "signIn", string>) => t("mail.staffInvite.valid", v);
  const setPassword = (v: Record<"link", string>) => t("mail.staffPasswordLink.link", v);
  const hoursShown = formatCount(hours, language);
  const texts = {
    subject: wordText((v) => t("mail.staffPasswordLink.subject", v), { shop: shop[language] }),
    heading: t("mail.staffPasswordLink.heading"),
    lines: [
      t("mail.staffPasswordLink.why"),
      { text: wordText(setPassword, { link: isolated(link, language) }), html: wordHtml(setPassword, { link: anchor(link) }, escape) },
      { text: wordText(valid, { hours: hoursShown, signIn: isolated(signIn, language) }), html: wordHtml(valid, { hours: escape(hoursShown), signIn: anchor(signIn) }, escape) },
      t("mail.staffPasswordLink.keep"),
    ],
  };
  return accountMail(to, language, texts);
}
