import { expect, test } from "./fixtures";
import { figure } from "../support/digits";
import { expectCartCount } from "./storefront-helpers";

test.describe("the shop's shell", () => {
  test("the home page is Arabic, right to left, by default", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("إكسسوارات جميلة لأيام دراسية مشرقة");
    await expect(page.locator("#categories-section h2")).toHaveText("التصنيفات");
    // The copyright names this year (issue 43), in the Arabic page's digits (decision 0079).
    await expect(page.locator("footer")).toContainText(figure(String(new Date().getUTCFullYear()), "ar"));
    await expect(page.locator("footer")).toContainText("حولي، الكويت");
  });

  test("the toggle is named by the text it shows, in both languages (WCAG 2.5.3)", async ({ page, context, baseURL }) => {
    for (const [language, shown, description] of [
      ["ar", "English", "التبديل إلى الإنجليزية"],
      ["en", "العربية", "Switch to Arabic"],
    ] as const) {
      await context.addCookies([{ name: "lang", value: language, url: baseURL! }]);
      await page.goto("/");
      const toggle = page.getByRole("button", { name: shown, exact: true }).first();
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveText(shown);
      await expect(toggle).toHaveAccessibleName(shown);
      await expect(toggle).toHaveAccessibleDescription(description);
    }
  });

  test("the toggle switches to English and back, on the same page", async ({ page }) => {
    await page.goto("/?category=hair-accessories");
    await page.getByRole("button", { name: "English", exact: true }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page).toHaveURL(/\/\?category=hair-accessories$/);
    await expect(page.locator("footer")).toContainText("Hawalli, Kuwait");
    if (test.info().project.name === "js") {
      expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("en");
    }
    await page.getByRole("button", { name: "العربية", exact: true }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page).toHaveURL(/\/\?category=hair-accessories$/);
  });

  test("the choice survives a reload and is read from the lang cookie", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beautiful accessories for bright school days");
  });

  test("without a cookie the browser's language decides, and Arabic when nothing matches", async ({ browser }) => {
    for (const [locale, expected] of [["en-US", "en"], ["fr-FR", "ar"], ["ar", "ar"]] as const) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", expected);
      await context.close();
    }
  });

  test("404 is bilingual and answers 404", async ({ page, context, baseURL }) => {
    const arabic = await page.goto("/no-such-page");
    expect(arabic?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الصفحة غير موجودة");
    // A missing page is not an error to report: no request reference, which only error pages show.
    await expect(page.locator("#request-reference")).toHaveCount(0);
    await context.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
    const english = await page.goto("/no-such-page");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

test.describe("header links", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("go where SPEC section 2 says", async ({ page }) => {
    await page.goto("/view-invoice");
    const nav = page.locator(".site-nav--desktop");
    await expect(page.locator(".site-header__logo")).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "الشروط والأحكام" })).toHaveAttribute("href", "/terms-and-conditions");
    await expect(nav.getByRole("link", { name: "تتبع الطلب" })).toHaveAttribute("href", "/view-invoice");
    await expect(nav.getByRole("link", { name: "تسجيل الدخول / إنشاء حساب" })).toHaveAttribute("href", "/login");
    await expect(page.getByTestId("cart-button")).toHaveAttribute("href", "/cart");
    await expectCartCount(page, 0);

    await nav.getByRole("link", { name: "التصنيفات" }).click();
    await expect(page).toHaveURL(/\/(#categories-section)?$/);
    await expect(page.locator("#categories-section")).toBeInViewport();

    await nav.getByRole("link", { name: "تواصل معنا" }).click();
    await expect(page.locator("#footer-section")).toBeInViewport();
  });

  test("show the logo mark beside the name, and the tab icon they name loads", async ({ page, request }) => {
    await page.goto("/");
    const mark = await page.locator(".site-header__logo").evaluate((link) => {
      const style = getComputedStyle(link, "::before");
      return { width: style.width, height: style.height, image: style.backgroundImage };
    });
    expect(mark).toMatchObject({ width: "40px", height: "40px" });
    const pictures = [...mark.image.matchAll(/url\("([^"]+)"\)/g)].map((match) => match[1]);
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      const response = await request.get(picture);
      expect(response.status(), picture).toBe(200);
      expect(response.headers()["content-type"], picture).toBe("image/webp");
    }
    const icon = await page.locator('link[rel="icon"]').getAttribute("href");
    const response = await request.get(icon!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  });
});

test.describe("phone-sized header", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens the slide-in menu below 895 px", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator(".site-nav--desktop")).toBeHidden();
    const panel = page.locator(".mobile-menu__panel");
    await expect(panel).toBeHidden();
    await page.locator(".mobile-menu__button").click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("link", { name: "تتبع الطلب" })).toHaveAttribute("href", "/view-invoice");
    await panel.getByRole("link", { name: "الشروط والأحكام" }).click();
    await expect(page).toHaveURL(/\/terms-and-conditions$/);
    await expect(panel).toBeHidden();
  });

  // Probe 1, finding 11: the header's search field is no empty pill on a phone; a magnifier at its start, where the
  // typed text starts, says what it is for.
  test("the search field shows a magnifier at its start, in both languages", async ({ page, context, baseURL }) => {
    for (const [language, start, x] of [
      ["ar", "right", "calc(100% - 14px)"],
      ["en", "left", "14px"],
    ] as const) {
      await context.addCookies([{ name: "lang", value: language, url: baseURL! }]);
      await page.goto("/");
      const look = await page.getByRole("searchbox").evaluate((input) => {
        const style = getComputedStyle(input);
        return { image: style.backgroundImage, x: style.backgroundPositionX, right: style.paddingRight, left: style.paddingLeft };
      });
      expect(look.image).toContain("data:image/svg+xml");
      expect(look.x).toBe(x);
      expect(start === "right" ? look.right : look.left).toBe("44px");
    }
  });

  // Probe 1, finding 8: a tap beside the panel closes the menu, with or without JavaScript, and follows nothing under
  // it; with JavaScript Escape closes it too and gives the focus back to the menu's button.
  for (const language of ["ar", "en"] as const) {
    test(`closes the menu with a tap beside its panel and with Escape (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
      await context.addCookies([{ name: "lang", value: language, url: baseURL! }]);
      await page.goto("/");
      const button = page.locator(".mobile-menu__button");
      const panel = page.locator(".mobile-menu__panel");
      await button.click();
      await expect(panel).toBeVisible();
      const box = (await panel.boundingBox())!;
      // The panel slides in from the left in Arabic, from the right in English: tap the other side, at the height of
      // the categories' heading, which is no link, so only the backdrop can close the menu.
      const heading = (await page.locator("#categories-heading").boundingBox())!;
      await page.mouse.click(box.x + box.width / 2 > 195 ? 30 : 360, heading.y + heading.height / 2);
      await expect(panel).toBeHidden();
      await expect(page).toHaveURL(/\/$/);
      if (!javaScriptEnabled) return;
      await button.click();
      await expect(panel).toBeVisible();
      await panel.getByRole("link").first().focus();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(button).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    });
  }
});
