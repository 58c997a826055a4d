import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCustomer } from "../factories/customer";
import { uniqueEmail } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { mailCount, waitForCode } from "../setup/mailbox";

const TEXT = {
  en: {
    email: "Email",
    sendReset: "Send reset code",
    resetSent: "If an account exists for this email, a reset code has been sent.",
    resetCode: "Reset code",
    verifyCode: "Verify code",
    invalidCode: "Invalid or expired code",
    newPassword: "New password",
    resetButton: "Reset password",
    resetDone: "Your password was reset.",
    password: "Password",
    login: "Log in",
    oldPassword: "Current password",
    changeButton: "Change password",
    fillAll: "Please fill all fields",
    wrongOld: "Current password is incorrect",
    changed: "Password changed successfully. Please sign in again.",
    invalid: "Invalid credentials",
    noEmail: "Email not provided. Please start the reset process again.",
  },
  ar: {
    email: "البريد الإلكتروني",
    sendReset: "إرسال رمز إعادة التعيين",
    resetSent: "إذا كان هناك حساب بهذا البريد فقد تم إرسال رمز إعادة التعيين.",
    resetCode: "رمز إعادة التعيين",
    verifyCode: "تحقق من الرمز",
    invalidCode: "الرمز غير صحيح أو منتهي الصلاحية",
    newPassword: "كلمة المرور الجديدة",
    resetButton: "إعادة تعيين كلمة المرور",
    resetDone: "تمت إعادة تعيين كلمة المرور.",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    oldPassword: "كلمة المرور الحالية",
    changeButton: "تغيير كلمة المرور",
    fillAll: "يرجى تعبئة جميع الحقول",
    wrongOld: "كلمة المرور الحالية غير صحيحة",
    changed: "تم تغيير كلمة المرور بنجاح. يرجى تسجيل الدخول مرة أخرى.",
    invalid: "بيانات الدخول غير صحيحة",
    noEmail: "لم يتم تقديم البريد الإلكتروني. يرجى بدء عملية إعادة التعيين من جديد.",
  },
} as const;

async function signIn(page: Page, text: (typeof TEXT)["en" | "ar"], email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole("button", { name: text.login, exact: true }).click();
}

for (const language of ["ar", "en"] as const) {
  const text = TEXT[language];

  test.describe(`passwords in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "lang", value: language, url: baseURL! }]);
    });

    test("forgot password → code from the mail → new password → login", async ({ page, javaScriptEnabled }) => {
      const email = uniqueEmail(`forgot-${language}`);
      await createCustomer(e2eDatabase(), { email, password: "old-password" });
      await page.goto("/forgot-password");
      // with JavaScript the form says so (js=1) once hydrated, and the page waits SPEC's 1.2 s itself
      if (javaScriptEnabled) await expect(page.locator('input[name="js"]')).toBeAttached();
      await page.getByLabel(text.email).fill(email);
      const before = mailCount(email);
      await page.getByRole("button", { name: text.sendReset }).click();
      if (javaScriptEnabled) {
        await expect(page.getByRole("status")).toHaveText(text.resetSent);
        await expect(page).toHaveURL(/\/forgot-password$/);
      }
      await expect(page).toHaveURL(/\/verify-reset-code$/);
      const code = await waitForCode(email, before);

      const codeInput = page.getByLabel(text.resetCode);
      await expect(codeInput).toHaveAttribute("maxlength", "6");
      await codeInput.fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: text.verifyCode }).click();
      await expect(page.getByRole("alert")).toHaveText(text.invalidCode);
      await page.getByLabel(text.resetCode).fill(code);
      await page.getByRole("button", { name: text.verifyCode }).click();
      await expect(page).toHaveURL(/\/reset-password$/);

      await page.getByLabel(text.newPassword).fill("fresh-password");
      await page.getByRole("button", { name: text.resetButton }).click();
      // Post/Redirect/Get to the sign-in page, which says so (issue 44: one way to tell a form's success).
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("status")).toContainText(text.resetDone);

      await signIn(page, text, email, "old-password");
      await expect(page.getByRole("alert")).toHaveText(text.invalid);
      await signIn(page, text, email, "fresh-password");
      await expect(page).toHaveURL(/\/account$/);
    });

    test("the reset steps need the e-mail and the verified code", async ({ page }) => {
      await page.goto("/verify-reset-code");
      await expect(page.getByRole("alert")).toHaveText(text.noEmail);
      await page.goto("/reset-password");
      await expect(page.getByRole("alert")).toHaveText(text.noEmail);
      await expect(page.getByLabel(text.newPassword)).toHaveCount(0);
    });

    test("change password needs both fields and the right old one, then signs out", async ({ page, javaScriptEnabled }) => {
      const email = uniqueEmail(`change-${language}`);
      await createCustomer(e2eDatabase(), { email, password: "before-change" });
      await signIn(page, text, email, "before-change");
      await expect(page).toHaveURL(/\/account$/);
      await page.getByRole("link", { name: text.changeButton }).click();
      await expect(page).toHaveURL(/\/change-password$/);
      // with JavaScript, conform takes over validation once the page is hydrated
      if (javaScriptEnabled) await expect(page.locator("form[novalidate]")).toHaveCount(1);

      await page.getByRole("button", { name: text.changeButton }).click();
      if (javaScriptEnabled) {
        await expect(page.getByText(text.fillAll).first()).toBeVisible();
      } else {
        // without JavaScript the browser's own check stops the empty form before it is sent
        await expect(page.getByLabel(text.oldPassword)).toHaveJSProperty("validity.valueMissing", true);
      }
      await page.getByLabel(text.oldPassword).fill("not-the-password");
      await page.getByLabel(text.newPassword).fill("after-change");
      await page.getByRole("button", { name: text.changeButton }).click();
      await expect(page.getByRole("alert")).toHaveText(text.wrongOld);

      await page.getByLabel(text.oldPassword).fill("before-change");
      await page.getByLabel(text.newPassword).fill("after-change");
      await page.getByRole("button", { name: text.changeButton }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("status")).toHaveText(text.changed);
      await page.goto("/account");
      await expect(page).toHaveURL(/\/login$/);
      await signIn(page, text, email, "after-change");
      await expect(page).toHaveURL(/\/account$/);
    });
  });
}
