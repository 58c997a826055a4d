import type { Language } from "~/shared/language";
import { fixedT } from "~/i18n/fixed-t.server";
import { wordText } from "~/mail/compose.server";
import type { Mail } from "~/mail/send.server";
import { escapeHtml } from "~/utils/html";

type Texts = { subject: string; heading: string; lines: string[] };
type Bilingual = Record<Language, Texts>;

/** The shop's name in each language, from the owner's settings: the subjects name the shop she runs. */
export type ShopNames = Record<Language, string>;

/** The same texts in both languages, from the locale files. */
function inBothLanguages(texts: (t: ReturnType<typeof fixedT>, language: Language) => Texts): Bilingual {
  return { en: texts(fixedT("en"), "en"), ar: texts(fixedT("ar"), "ar") };
}

/**
 * Every account mail carries both languages, the shopper's first, as plain text and as simple HTML
 * (each language in its own direction), so it reads well in any mail program.
 */
function bilingualMail(to: string, language: Language, texts: Bilingual, code?: string): Mail {
  const order: Language[] = language === "ar" ? ["ar", "en"] : ["en", "ar"];
  const subject = order.map((lang) => texts[lang].subject).join(" / ");
  const text = order
    .map((lang) => [texts[lang].heading, "", ...texts[lang].lines].join("\n"))
    .join("\n\n----------------\n\n");
  const codeBlock = code
    ? `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;direction:ltr;text-align:center">${escapeHtml(code)}</p>`
    : "";
  const sections = order.map((lang) => {
    const dir = lang === "ar" ? "rtl" : "ltr";
    const lines = texts[lang].lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("");
    return `<div dir="${dir}" lang="${lang}" style="text-align:${dir === "rtl" ? "right" : "left"}"><h1 style="font-size:20px">${escapeHtml(texts[lang].heading)}</h1>${lines}</div>`;
  });
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif">${codeBlock}${sections.join("<hr>")}</body></html>`;
  return { to, subject, text, html };
}

export function verificationCodeMail({ to, code, language, minutes, shop }: { to: string; code: string; language: Language; minutes: number; shop: ShopNames }): Mail {
  const texts = inBothLanguages((t, lang) => ({
    subject: wordText((v) => t("mail.verificationCode.subject", v), { shop: shop[lang] }),
    heading: t("mail.verificationCode.heading"),
    lines: [
      wordText((v) => t("mail.verificationCode.code", v), { code }),
      wordText((v) => t("mail.verificationCode.valid", v), { minutes: String(minutes) }),
      t("mail.verificationCode.ignore"),
    ],
  }));
  return bilingualMail(to, language, texts, code);
}

export function resetCodeMail({ to, code, language, minutes, shop }: { to: string; code: string; language: Language; minutes: number; shop: ShopNames }): Mail {
  const texts = inBothLanguages((t, lang) => ({
    subject: wordText((v) => t("mail.resetCode.subject", v), { shop: shop[lang] }),
    heading: t("mail.resetCode.heading"),
    lines: [
      wordText((v) => t("mail.resetCode.code", v), { code }),
      wordText((v) => t("mail.resetCode.valid", v), { minutes: String(minutes) }),
      t("mail.resetCode.ignore"),
    ],
  }));
  return bilingualMail(to, language, texts, code);
}

/** Sent instead of a code when someone tries to register an e-mail that already has an account. */
export function alreadyRegisteredMail({ to, language, appUrl, shop }: { to: string; language: Language; appUrl: string; shop: ShopNames }): Mail {
  const texts = inBothLanguages((t, lang) => ({
    subject: wordText((v) => t("mail.alreadyRegistered.subject", v), { shop: shop[lang] }),
    heading: t("mail.alreadyRegistered.heading"),
    lines: [
      wordText((v) => t("mail.alreadyRegistered.body", v), { login: `${appUrl}/login`, reset: `${appUrl}/forgot-password` }),
      t("mail.alreadyRegistered.ignore"),
    ],
  }));
  return bilingualMail(to, language, texts);
}

export function passwordChangedMail({ to, language, shop }: { to: string; language: Language; shop: ShopNames }): Mail {
  const texts = inBothLanguages((t, lang) => ({
    subject: wordText((v) => t("mail.passwordChanged.subject", v), { shop: shop[lang] }),
    heading: t("mail.passwordChanged.heading"),
    lines: [t("mail.passwordChanged.body"), t("mail.passwordChanged.act")],
  }));
  return bilingualMail(to, language, texts);
}

/** The invitation of a staff member: the link that sets their password (valid `hours`, once). */
export function staffInvitationMail({ to, link, role, language, hours, shop }: { to: string; link: string; role: "owner" | "orders" | "catalogue"; language: Language; hours: number; shop: ShopNames }): Mail {
  const texts = inBothLanguages((t, lang) => ({
    subject: wordText((v) => t("mail.staffInvite.subject", v), { shop: shop[lang] }),
    heading: t("mail.staffInvite.heading"),
    lines: [
      wordText((v) => t("mail.staffInvite.role", v), { role: t(`mail.staffInvite.roles.${role}`) }),
      wordText((v) => t("mail.staffInvite.link", v), { link }),
      wordText((v) => t("mail.staffInvite.valid", v), { hours: String(hours) }),
      t("mail.staffInvite.ignore"),
    ],
  }));
  return bilingualMail(to, language, texts);
}
