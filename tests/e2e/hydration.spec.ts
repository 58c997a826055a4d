/**
 * The journeys' fixture (tests/e2e/fixtures.ts): with JavaScript a page acts only once React has hydrated it, after
 * `goto` and after a full page load the test did not start with `goto`; without JavaScript nothing waits for a mark
 * that never comes.
 */
import type { Route } from "@playwright/test";
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
