import { describe, expect, it } from "vitest";
import { alreadyRegisteredMail, resetCodeMail, verificationCodeMail } from "./account-mail.server";

describe("account mails", () => {
  it("put the shopper's language first, in the subject, the text and the HTML", () => {
    const english = verificationCodeMail({ to: "a@example.com", code: "012345", language: "en", minutes: 10 });
    expect(english.subject.indexOf("verification code")).toBeLessThan(english.subject.indexOf("رمز"));
    expect(english.text.indexOf("valid for 10 minutes")).toBeLessThan(english.text.indexOf("10 دقائق"));
    expect(english.html.indexOf('dir="ltr"')).toBeLessThan(english.html.indexOf('dir="rtl"'));
    const arabic = resetCodeMail({ to: "a@example.com", code: "012345", language: "ar", minutes: 10 });
    expect(arabic.text.indexOf("10 دقائق")).toBeLessThan(arabic.text.indexOf("valid for 10 minutes"));
  });

  it("carry the code, leading zeros kept, in the plain-text part", () => {
    const mail = verificationCodeMail({ to: "a@example.com", code: "001234", language: "ar", minutes: 10 });
    expect(mail.text).toContain("001234");
    expect(mail.html).toContain("001234");
  });

  it("escape what they put into HTML", () => {
    const mail = alreadyRegisteredMail({ to: "a@example.com", language: "en", appUrl: 'https://shop.example/"><script>x()</script>' });
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).toContain("&#60;script&#62;");
  });
});
