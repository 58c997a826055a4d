import { describe, expect, it } from "vitest";
import { alreadyRegisteredMail, passwordChangedMail, resetCodeMail, staffInvitationMail, verificationCodeMail } from "./account-mail.server";

// The owner's name for the shop, as the settings give it in each language (issue 43).
const SHOP = { en: "Lulu Bows", ar: "فيونكات لولو" };

describe("account mails", () => {
  it("name the shop as the owner set it, in each language of the subject", () => {
    expect(verificationCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10, shop: SHOP }).subject).toBe("Your Lulu Bows verification code / رمز التحقق من فيونكات لولو");
    expect(passwordChangedMail({ to: "a@example.com", language: "ar", shop: SHOP }).subject).toBe("تم تغيير كلمة مرور حسابك في فيونكات لولو / Your Lulu Bows password was changed");
    const invitation = staffInvitationMail({ to: "a@example.com", link: "https://shop.example/x", role: "orders", language: "en", hours: 48, shop: SHOP });
    expect(invitation.subject).toBe("You are invited to run Lulu Bows / دعوة للعمل في إدارة فيونكات لولو");
  });

  it("put the shopper's language first, in the subject, the text and the HTML", () => {
    const english = verificationCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10, shop: SHOP });
    expect(english.subject.indexOf("verification code")).toBeLessThan(english.subject.indexOf("رمز"));
    expect(english.text.indexOf("valid for 10 minutes")).toBeLessThan(english.text.indexOf("10 دقائق"));
    expect(english.html.indexOf('dir="ltr"')).toBeLessThan(english.html.indexOf('dir="rtl"'));
    const arabic = resetCodeMail({ to: "a@example.com", code: "012345", language: "ar", minutes: 10, shop: SHOP });
    expect(arabic.text.indexOf("10 دقائق")).toBeLessThan(arabic.text.indexOf("valid for 10 minutes"));
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
