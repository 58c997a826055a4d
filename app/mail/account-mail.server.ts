import type { Language } from "~/shared/language";
import type { Mail } from "~/mail/send.server";

type Texts = { subject: string; heading: string; lines: string[] };
type Bilingual = Record<Language, Texts>;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
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

export function verificationCodeMail({ to, code, language, minutes }: { to: string; code: string; language: Language; minutes: number }): Mail {
  return bilingualMail(
    to,
    language,
    {
      en: {
        subject: "Your Timsar Accessories verification code",
        heading: "Confirm your e-mail",
        lines: [`Your verification code is ${code}.`, `It is valid for ${minutes} minutes and can be used once.`, "If you did not ask for it, you can ignore this e-mail."],
      },
      ar: {
        subject: "رمز التحقق من تمسار للإكسسوارات",
        heading: "تأكيد بريدك الإلكتروني",
        lines: [`رمز التحقق الخاص بك هو ${code}.`, `الرمز صالح لمدة ${minutes} دقائق ويمكن استخدامه مرة واحدة.`, "إذا لم تطلب هذا الرمز يمكنك تجاهل هذه الرسالة."],
      },
    },
    code,
  );
}

export function resetCodeMail({ to, code, language, minutes }: { to: string; code: string; language: Language; minutes: number }): Mail {
  return bilingualMail(
    to,
    language,
    {
      en: {
        subject: "Your Timsar Accessories password reset code",
        heading: "Reset your password",
        lines: [`Your password reset code is ${code}.`, `It is valid for ${minutes} minutes and can be used once.`, "If you did not ask to reset your password, ignore this e-mail: your password stays the same."],
      },
      ar: {
        subject: "رمز إعادة تعيين كلمة المرور من تمسار للإكسسوارات",
        heading: "إعادة تعيين كلمة المرور",
        lines: [`رمز إعادة تعيين كلمة المرور هو ${code}.`, `الرمز صالح لمدة ${minutes} دقائق ويمكن استخدامه مرة واحدة.`, "إذا لم تطلب إعادة تعيين كلمة المرور تجاهل هذه الرسالة، فكلمة مرورك لم تتغير."],
      },
    },
    code,
  );
}

/** Sent instead of a code when someone tries to register an e-mail that already has an account. */
export function alreadyRegisteredMail({ to, language, appUrl }: { to: string; language: Language; appUrl: string }): Mail {
  return bilingualMail(to, language, {
    en: {
      subject: "You already have a Timsar Accessories account",
      heading: "You already have an account",
      lines: [`Someone asked to register this e-mail, but it already has an account. Sign in at ${appUrl}/login or reset your password at ${appUrl}/forgot-password.`, "If it was not you, you can ignore this e-mail."],
    },
    ar: {
      subject: "لديك حساب في تمسار للإكسسوارات بالفعل",
      heading: "لديك حساب بالفعل",
      lines: [`طلب أحدهم التسجيل بهذا البريد، لكن له حساباً بالفعل. سجّل الدخول من ${appUrl}/login أو أعد تعيين كلمة المرور من ${appUrl}/forgot-password.`, "إذا لم تكن أنت فيمكنك تجاهل هذه الرسالة."],
    },
  });
}

export function passwordChangedMail({ to, language }: { to: string; language: Language }): Mail {
  return bilingualMail(to, language, {
    en: {
      subject: "Your Timsar Accessories password was changed",
      heading: "Your password was changed",
      lines: ["The password of your account was just changed and every device was signed out.", "If it was not you, reset your password right away and contact us."],
    },
    ar: {
      subject: "تم تغيير كلمة مرور حسابك في تمسار للإكسسوارات",
      heading: "تم تغيير كلمة المرور",
      lines: ["تم تغيير كلمة مرور حسابك للتو وتسجيل الخروج من جميع الأجهزة.", "إذا لم تقم بذلك فأعد تعيين كلمة المرور فوراً وتواصل معنا."],
    },
  });
}
