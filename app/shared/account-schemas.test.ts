import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n/resources";
import { ChangePasswordSchema, EmailSchema, LoginSchema, ProfileSchema, VerifyCodeSchema } from "~/shared/account-schemas";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe("account form schemas", () => {
  it("use SPEC section 5's messages", () => {
    const en = resources.en.translation.account.validation;
    expect(en.emailInvalid).toBe("Please enter a valid email address.");
    expect(en.codeRequired).toBe("Please enter the verification code.");
    expect(en.fullNameRequired).toBe("Please enter your full name.");
    expect(en.phoneInvalid).toBe("Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9).");
    expect(en.passwordMin).toBe("Password must be at least 8 characters.");
    expect(en.fillAllFields).toBe("Please fill all fields");
  });

  it("check e-mail, code, name, Kuwaiti phone and password length", () => {
    expect(messagesOf(EmailSchema.safeParse({ email: "no-dot@here" }))).toEqual({ email: "account.validation.emailInvalid" });
    expect(EmailSchema.parse({ email: "  Sara@Example.COM " })).toEqual({ email: "sara@example.com" });
    expect(messagesOf(VerifyCodeSchema.safeParse({ email: "a@b.co", verificationCode: "" }))).toEqual({ verificationCode: "account.validation.codeRequired" });
    expect(messagesOf(ProfileSchema.safeParse({ fullName: " ", phone: "71234567", password: "1234567" }))).toEqual({
      fullName: "account.validation.fullNameRequired",
      phone: "account.validation.phoneInvalid",
      password: "account.validation.passwordMin",
    });
    expect(ProfileSchema.parse({ fullName: "Sara", phone: "+965 9123 4567", password: "12345678" }).phone).toBe("91234567");
    // A name that is there but too long is told so, not asked for again.
    expect(messagesOf(ProfileSchema.safeParse({ fullName: "a".repeat(121), phone: "91234567", password: "12345678" }))).toEqual({ fullName: "account.validation.fullNameTooLong" });
    expect(messagesOf(ChangePasswordSchema.safeParse({ oldPassword: "", newPassword: "" }))).toEqual({
      oldPassword: "account.validation.fillAllFields",
      newPassword: "account.validation.fillAllFields",
    });
    expect(LoginSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    // Too long is told as such, not asked for again ("Please enter…").
    expect(messagesOf(LoginSchema.safeParse({ email: `${"a".repeat(250)}@b.co`, password: "x".repeat(201) }))).toEqual({
      email: "account.validation.emailInvalid",
      password: "account.validation.passwordTooLong",
    });
    expect(messagesOf(ChangePasswordSchema.safeParse({ oldPassword: "x".repeat(201), newPassword: "12345678" }))).toEqual({ oldPassword: "account.validation.passwordTooLong" });
  });

  it("only name keys that exist in both languages", () => {
    const source = fs.readFileSync(path.resolve("app/shared/account-schemas.ts"), "utf8");
    const keys = [...source.matchAll(/"account\.validation\.([a-zA-Z]+)"/g)].map((match) => match[1]);
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(resources.en.translation.account.validation, key).toHaveProperty(key);
      expect(resources.ar.translation.account.validation, key).toHaveProperty(key);
    }
  });
});
