import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { uniqueEmail } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { mailCount, waitForCode } from "../setup/mailbox";

const TEXT = {
  en: {
    email: "Email",
    sendCode: "Send verification code",
    code: "Verification code",
    verify: "Verify",
    fullName: "Full name",
    phone: "Phone",
    password: "Password",
    finish: "Create account",
    changeEmail: "Change email",
    changeCode: "Change code",
    created: "Account created",
    phoneError: "Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9).",
    login: "Log in",
    invalid: "Invalid credentials",
    logout: "Logout",
    loginRegister: "Log in / Register",
    myAccount: "My Account",
    invalidCode: "Invalid or expired code",
  },
  ar: {
    email: "البريد الإلكتروني",
    sendCode: "إرسال رمز التحقق",
    code: "رمز التحقق",
    verify: "تحقق",
    fullName: "الاسم الكامل",
    phone: "رقم الهاتف",
    password: "كلمة المرور",
    finish: "إنشاء الحساب",
    changeEmail: "تغيير البريد الإلكتروني",
    changeCode: "تغيير الرمز",
    created: "تم إنشاء الحساب",
    phoneError: "يرجى إدخال رقم هاتف كويتي صحيح (٨ أرقام يبدأ بـ ٥ أو ٦ أو ٩).",
    login: "تسجيل الدخول",
    invalid: "بيانات الدخول غير صحيحة",
    logout: "تسجيل الخروج",
    loginRegister: "تسجيل الدخول / إنشاء حساب",
    myAccount: "حسابي",
    invalidCode: "الرمز غير صحيح أو منتهي الصلاحية",
  },
} as const;

async function useLanguage(page: Page, language: "ar" | "en", baseURL: string | undefined) {
  await page.context().addCookies([{ name: "lang", value: language, url: baseURL! }]);
}

const step = (page: Page) => page.getByTestId("register-step");

for (const language of ["ar", "en"] as const) {
  const text = TEXT[language];

  test.describe(`registration and login in ${language}`, () => {
    test("registers in three steps with the mailed code, lands signed in, then signs out and in", async ({ page, baseURL }) => {
      await useLanguage(page, language, baseURL);
      const email = uniqueEmail(`reg-${language}`);
      const guestOrder = await createOrder(e2eDatabase(), { email });
      const strangerOrder = await createOrder(e2eDatabase(), { email: uniqueEmail(`stranger-${language}`) });
      await page.goto("/register");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(step(page)).toHaveAttribute("data-step", "1");

      await page.getByLabel(text.email).fill(email);
      await page.getByRole("button", { name: text.sendCode }).click();
      await expect(step(page)).toHaveAttribute("data-step", "2");
      const code = await waitForCode(email);

      // progress is kept by the server: a reload stays on step 2, and "change email" goes back with the address kept
      await page.reload();
      await expect(step(page)).toHaveAttribute("data-step", "2");
      await page.getByRole("button", { name: text.changeEmail }).click();
      await expect(step(page)).toHaveAttribute("data-step", "1");
      await expect(page.getByLabel(text.email)).toHaveValue(email);
      const sent = mailCount(email);
      await page.getByRole("button", { name: text.sendCode }).click();
      await expect(step(page)).toHaveAttribute("data-step", "2");
      const newCode = await waitForCode(email, sent);

      if (newCode !== code) {
        await page.getByLabel(text.code).fill(code);
        await page.getByRole("button", { name: text.verify, exact: true }).click();
        await expect(page.getByRole("alert")).toContainText(text.invalidCode);
      }
      await page.getByLabel(text.code).fill(newCode);
      await page.getByRole("button", { name: text.verify, exact: true }).click();
      await expect(step(page)).toHaveAttribute("data-step", "3");

      // change code goes back to step 2; the verified e-mail moves on again ("already verified")
      await page.getByRole("button", { name: text.changeCode }).click();
      await expect(step(page)).toHaveAttribute("data-step", "2");
      await page.getByLabel(text.code).fill(newCode);
      await page.getByRole("button", { name: text.verify, exact: true }).click();
      await expect(step(page)).toHaveAttribute("data-step", "3");

      await page.getByLabel(text.fullName).fill("Mariam Al-Sabah");
      await page.getByLabel(text.phone).fill("41234567");
      await page.getByLabel(text.password, { exact: true }).fill("secret-password");
      await page.getByRole("button", { name: text.finish }).click();
      await expect(page.getByText(text.phoneError)).toBeVisible();
      await page.getByLabel(text.phone).fill("61234567");
      await page.getByLabel(text.password, { exact: true }).fill("secret-password");
      await page.getByRole("button", { name: text.finish }).click();
      // Issue 28, point 6: the shopper lands signed in on the account page, told once that the account was created.
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByTestId("toast")).toHaveText(text.created);
      await expect(page.getByTestId("account-email")).toHaveText(email);
      await expect(page.locator(".site-nav--desktop, .mobile-menu__panel").getByRole("link", { name: text.myAccount }).first()).toBeAttached();
      await page.reload();
      await expect(page.getByTestId("toast")).toHaveCount(0);

      // The guest order placed earlier with the verified e-mail is in My Orders; another e-mail's is not.
      await page.goto("/my-orders");
      await expect(page.getByText(guestOrder.orderNumber)).toBeVisible();
      await expect(page.getByText(strangerOrder.orderNumber)).toHaveCount(0);
      const mine = await page.request.get("/api/orders/my");
      expect(((await mine.json()) as { orders: { orderNumber: string }[] }).orders.map((order) => order.orderNumber)).toEqual([guestOrder.orderNumber]);

      // SPEC: the saved progress was reset; signed out, registration starts at step 1 again.
      await page.goto("/account");
      await page.getByRole("button", { name: text.logout }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/register");
      await expect(step(page)).toHaveAttribute("data-step", "1");

      await page.goto("/login");
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.password).fill("wrong-password");
      await page.getByRole("button", { name: text.login, exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText(text.invalid);
      await page.getByLabel(text.password).fill("secret-password");
      await page.getByRole("button", { name: text.login, exact: true }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByTestId("account-email")).toHaveText(email);
      await expect(page.locator(".site-nav--desktop, .mobile-menu__panel").getByRole("link", { name: text.myAccount }).first()).toBeAttached();

      // signed in, /login and /register send the shopper to the account page
      await page.goto("/login");
      await expect(page).toHaveURL(/\/account$/);

      await page.getByRole("button", { name: text.logout }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto("/account");
      await expect(page).toHaveURL(/\/login$/);
    });
  });
}

test.describe("registration step 3", () => {
  test("goes back to step 2 with 'Please verify your email again.' when this browser's verification is gone", async ({ page, context, baseURL }) => {
    await useLanguage(page, "en", baseURL);
    const email = uniqueEmail("verify-again");
    await page.goto("/register");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send verification code" }).click();
    await expect(step(page)).toHaveAttribute("data-step", "2");
    await page.getByLabel("Verification code").fill(await waitForCode(email));
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(step(page)).toHaveAttribute("data-step", "3");

    await context.clearCookies({ name: "register_proof" });
    await page.reload();
    await expect(step(page)).toHaveAttribute("data-step", "2");
    await expect(page.getByRole("alert")).toHaveText("Please verify your email again.");
    await expect(page.getByTestId("flow-email")).toHaveText(email);
  });
});

test.describe("login page", () => {
  test("offers guest checkout only when coming from the cart's checkout, and returns there after login", async ({ page }) => {
    const email = uniqueEmail("from-checkout");
    await createCustomer(e2eDatabase(), { email, password: "checkout-pass" });
    await page.goto("/login");
    await expect(page.getByTestId("guest-checkout")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "نسيت كلمة المرور؟" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: /أنشئ حساباً/ })).toHaveAttribute("href", "/register");

    await page.goto("/login?from=checkout");
    const guest = page.getByTestId("guest-checkout");
    await expect(guest).toHaveText("المتابعة كضيف");
    await expect(page.locator('form[action="/checkout"] input[name="intent"]')).toHaveValue("guest");
    await page.getByLabel("البريد الإلكتروني").fill(email);
    await page.getByLabel("كلمة المرور").fill("checkout-pass");
    await page.getByRole("button", { name: "تسجيل الدخول", exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goto("/login?from=checkout");
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("pages for signed-in shoppers send others to /login", async ({ page }) => {
    for (const path of ["/account", "/my-orders", "/change-password"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test("cross-site form posts are refused", async ({ request }) => {
    const answer = await request.post("/api/auth/login", {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      data: { email: "a@example.com", password: "whatever1" },
    });
    expect(answer.status()).toBe(403);
  });
});

test.describe("my orders", () => {
  test("shows 'No orders yet', then the paid orders with date, total, badge, items and invoice link", async ({ page, baseURL }) => {
    const email = uniqueEmail("orders");
    const customer = await createCustomer(e2eDatabase(), { email, password: "orders-pass" });
    await page.request.post("/api/auth/login", { data: { email, password: "orders-pass" } });
    await useLanguage(page, "en", baseURL);
    await page.goto("/my-orders");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My Orders");
    await expect(page.getByTestId("orders-empty")).toHaveText("No orders yet");

    const { orderNumber } = await createOrder(e2eDatabase(), {
      customerId: customer.id,
      createdAt: new Date("2026-03-15T09:00:00.000Z"),
      status: "outForDelivery",
      items: [
        {
          nameEn: "Pink bow",
          nameAr: "فيونكة وردية",
          priceFils: 2250,
          quantity: 2,
          customTags: [
            { titleEn: "Name", titleAr: "الاسم", value: "Lulu" },
            { titleEn: "Class", titleAr: "الصف", value: "KG2" },
          ],
        },
      ],
    });
    await page.reload();
    const card = page.getByTestId("order-card");
    await expect(card).toHaveCount(1);
    await expect(card.getByRole("heading", { name: orderNumber })).toBeVisible();
    await expect(card).toContainText("March 15, 2026");
    await expect(card.getByTestId("order-total")).toHaveText("6.30 KD");
    await expect(card.getByTestId("status-badge")).toHaveText("Out for Delivery");
    await expect(card.getByTestId("status-badge")).toHaveClass(/status-badge--orange/);
    await expect(card).toContainText("Pink bow × 2");
    await expect(card).toContainText("Lulu, KG2");
    const invoice = card.getByRole("link", { name: "View Invoice" });
    await expect(invoice).toHaveAttribute("href", `/uploads/invoices/${orderNumber}.pdf`);
    await expect(invoice).toHaveAttribute("target", "_blank");

    await useLanguage(page, "ar", baseURL);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("طلباتي");
    await expect(card).toContainText("١٥ مارس ٢٠٢٦");
    await expect(card.getByTestId("status-badge")).toHaveText("خرج للتوصيل");
  });
});
