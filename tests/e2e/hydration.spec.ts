/**
 * The journeys' fixture (tests/e2e/fixtures.ts): with JavaScript a page acts only once React has hydrated it, after
 * `goto` and after a full page load the test did not start with `goto`; without JavaScript nothing waits for a mark
 * that never comes.
 */
import type { Route } from "@playwright/test";
import { createOrder } from "../factories/order";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";
import { expect, test } from "./fixtures";

test("a page is hydrated when goto returns, and a click waits for the next document's hydration", async ({ page, javaScriptEnabled }) => {
  await page.goto("/terms-and-conditions");
  // Read at once, not awaited: goto itself has waited for the mark, or (without JavaScript) for nothing.
  expect(await page.locator("html").getAttribute("data-hydrated")).toBe(javaScriptEnabled ? "" : null);
  if (!javaScriptEnabled) return;

  // The next document's browser entry is held, so that document stays unhydrated until the click has begun: a
  // click on the bare HTML would follow the cart link to /cart instead of opening the drawer.
  let requested: () => void = () => {};
  const entryRequested = new Promise<void>((resolve) => (requested = resolve));
  const held: Route[] = [];
  let released = false;
  await page.route(/\/entry\.client-[^/]*\.js$/, async (route) => {
    if (released) return route.continue();
    held.push(route);
    requested();
  });
  await page.evaluate(() => window.location.assign("/privacy-policy"));
  await entryRequested;
  const clicked = page.getByTestId("cart-button").click();
  released = true;
  await Promise.all(held.map((route) => route.continue()));
  await clicked;
  await expect(page.getByTestId("cart-drawer")).toBeVisible();
  await expect(page).toHaveURL(/\/privacy-policy$/);
});

/**
 * The mark comes with the render in which `useHydrated` turns true, not with the first hydrated commit before it:
 * a click between the two would send the forms without `mode=fetch`, as if JavaScript were off (an order's status
 * saved by a 303 and a reloaded list instead of in place). Each page records, as the mark is set, whether its forms
 * already carry it. Without JavaScript the same forms post plainly, without it.
 */
test("the mark is set only once the forms say JavaScript is running", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.addInitScript(() => {
    const state = window as { __enhancedAtMark?: boolean | null };
    state.__enhancedAtMark = null;
    new MutationObserver((_records, observer) => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return;
      const forms = [...document.querySelectorAll("form.status-form, form.add-to-cart")];
      state.__enhancedAtMark = forms.length > 0 && forms.every((form) => form.querySelector("input[name='mode'][value='fetch']") !== null);
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
  });
  const checkForms = async (selector: string) => {
    await expect(page.locator(selector).first()).toBeVisible();
    if (javaScriptEnabled) expect(await page.evaluate(() => (window as { __enhancedAtMark?: boolean | null }).__enhancedAtMark)).toBe(true);
    else await expect(page.locator(`${selector} input[name='mode']`)).toHaveCount(0);
  };

  await page.goto("/product/seed-product-03");
  await checkForms("form.add-to-cart");

  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);
  await createOrder(e2eDatabase(), { fullName: uniqueName("Marked") });
  await page.goto("/admin/timsar/orders");
  await checkForms("form.status-form");
});
