import { describe, expect, it } from "vitest";
import { alreadyRegisteredMail, passwordChangedMail, resetCodeMail, staffInvitationMail, verificationCodeMail } from "./account-mail.server";

// The owner's name for the shop, as the settings give it in each language (issue 43).
const SHOP = { en: "Lulu Bows", ar: "فيونكات لولو" };

/** What a reader sees of a mail's HTML: its text, without the tags. */
const shownHtml = (html: string) => html.replace(/<[^>]*>/g, " ");

describe("account mails", () => {
  it("name the shop as the owner set it, in the mail's language", () => {
    expect(verificationCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10, shop: SHOP }).subject).toBe("Your Lulu Bows verification code");
    expect(passwordChangedMail({ to: "a@example.com", language: "ar", shop: SHOP }).subject).toBe("تم تغيير كلمة مرور حسابك في فيونكات لولو");
    const invitation = staffInvitationMail({ to: "a@example.com", link: "https://shop.example/x", signIn: "https://shop.example/admin/timsar", role: "orders", language: "en", hours: 48, shop: SHOP });
    expect(invitation.subject).toBe("You are invited to run Lulu Bows");
  });

  it("speak only the language of the request that caused them: no English word in an Arabic mail, no Arabic in an English one (probe 4, item 7)", () => {
    const arabic = [
      verificationCodeMail({ to: "a@example.com", code: "012345", language: "ar", minutes: 10, shop: SHOP }),
      resetCodeMail({ to: "a@example.com", code: "012345", language: "ar", minutes: 10, shop: SHOP }),
      alreadyRegisteredMail({ to: "a@example.com", language: "ar", appUrl: "https://shop.example", shop: SHOP }),
      passwordChangedMail({ to: "a@example.com", language: "ar", shop: SHOP }),
    ];
    for (const mail of arabic) {
      for (const part of [mail.subject, mail.text, shownHtml(mail.html)]) expect(part.replace(/https:\S+/g, "")).not.toMatch(/[A-Za-z]/);
      expect(mail.html).toContain('<html lang="ar" dir="rtl">');
      expect(mail.html).not.toContain('dir="ltr" lang="en"');
    }
    // Counts in Arabic-Indic digits, as every Arabic text of the shop (decision 0079); the code stays as it is typed.
    expect(arabic[0].text).toContain("الرمز صالح لمدة ١٠ دقائق");
    expect(arabic[0].text).toContain("012345");
    // The addresses read whole inside the right-to-left sentence.
    expect(arabic[2].text).toContain("\u2066https://shop.example/login\u2069");

    const english = [
      verificationCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10, shop: SHOP }),
      resetCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10, shop: SHOP }),
      alreadyRegisteredMail({ to: "a@example.com", language: "en", appUrl: "https://shop.example", shop: SHOP }),
      passwordChangedMail({ to: "a@example.com", language: "en", shop: SHOP }),
    ];
    for (const mail of english) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/[\u0600-\u06FF]/);
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    }
    expect(english[0].text).toContain("It is valid for 10 minutes and can be used once.");
  });

  it("invite staff with real links, the sign-in page's whole address, and the role in the staff page's words (probe 4, item 11)", () => {
    const link = "https://shop.example/admin/timsar/set-password?token=Ab-9_x";
    const signIn = "https://shop.example/admin/timsar";
    const english = staffInvitationMail({ to: "a@example.com", link, signIn, role: "orders", language: "en", hours: 72, shop: SHOP });
    expect(english.text).toContain("You were invited to the shop's staff with the role “Orders”.");
    expect(english.text).toContain(`Set your password here: ${link}`);
    expect(english.text).toContain(`The link works once, for 72 hours. Then sign in here: ${signIn}`);
    const anchor = (address: string) => `<a href="${address}" dir="ltr" style="unicode-bidi:isolate">${address}</a>`;
    expect(english.html).toContain(anchor(link));
    expect(english.html).toContain(anchor(signIn));

    const arabic = staffInvitationMail({ to: "a@example.com", link, signIn, role: "catalogue", language: "ar", hours: 72, shop: SHOP });
    expect(arabic.text).toContain("دُعيت عضواً في فريق المتجر بدور «الكتالوج».");
    // In the text each address is a left-to-right island, so its "?" and "/" stay where they belong.
    expect(arabic.text).toContain(`عيّن كلمة المرور من هنا: \u2066${link}\u2069`);
    expect(arabic.text).toContain(`يعمل الرابط مرة واحدة خلال ٧٢ ساعة. ثم سجّل الدخول من هنا: \u2066${signIn}\u2069`);
    // In the HTML, a link of its own direction inside the right-to-left paragraph.
    expect(arabic.html).toContain(`<p>عيّن كلمة المرور من هنا: ${anchor(link)}</p>`);
    expect(arabic.html).toContain(anchor(signIn));
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(shownHtml(arabic.html).replace(/https:\S+/g, "")).not.toMatch(/[A-Za-z]/);
  });

  it("carry the code, leading zeros kept, in the plain-text part", () => {
    const mail = verificationCodeMail({ to: "a@example.com", code: "001234", language: "ar", minutes: 10, shop: SHOP });
    expect(mail.text).toContain("001234");
    expect(mail.html).toContain("001234");
  });

  it("escape what they put into HTML", () => {
    const mail = alreadyRegisteredMail({ to: "a@example.com", language: "en", appUrl: 'https://shop.example/"><script>x()</script>', shop: SHOP });
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain("&#60;script&#62;");
  });
});
