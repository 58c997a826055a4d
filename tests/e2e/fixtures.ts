/**
 * The journeys' `test` and `expect`: every spec in tests/e2e imports them from here, never from "@playwright/test"
 * (eslint.config.js fails the lint otherwise; types may still come from there).
 *
 * With JavaScript, a page acts only once React has hydrated it: app/entry.client.tsx marks `<html data-hydrated>`
 * when the hydrated root has committed, and before that a key pressed or a button clicked reaches the server's plain
 * HTML (a drawer never opens, a form posts whole, a typed value is taken back). Every page of every context with
 * JavaScript, the `page` fixture's and those of `browser.newContext()` alike, waits for the mark:
 * - after `goto`, `reload`, `goBack`, `goForward` and `waitForURL`;
 * - before every locator action and auto-waiting assertion (a locator handler), which covers the full page loads a
 *   click or a posted form starts;
 * - before `page.keyboard` and `page.mouse` act.
 * A page of our shop that never gets the mark fails the test with a message that says so. Pages that are not the
 * shop's (the payment gateways' fakes) carry no entry script and are not waited for. Without JavaScript (the no-js
 * project, or a context made with `javaScriptEnabled: false`) nothing waits.
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { uniqueAddress } from "../factories/unique";

export { expect };

/** A shop page whose browser entry has not yet hydrated it; the entry's preload link is what marks it as the shop's. */
const UNHYDRATED = 'html:has(link[rel="modulepreload"][href*="/entry.client-"]):not([data-hydrated])';
const HYDRATION_TIMEOUT = 30_000;

async function hydrated(page: Page) {
  try {
    await page.locator(UNHYDRATED).waitFor({ state: "detached", timeout: HYDRATION_TIMEOUT });
  } catch (error) {
    if (page.isClosed()) return;
    throw new Error(`${page.url()} was not hydrated after ${HYDRATION_TIMEOUT / 1000} s: <html> never got the data-hydrated mark of app/entry.client.tsx`, {
      cause: error,
    });
  }
}

const watchedPages = new WeakMap<Page, Promise<void>>();
const watchedContexts = new WeakSet<BrowserContext>();

type Method = (...args: never[]) => Promise<unknown>;

/** Replaces `target[name]` with the same method run between `before` and `after`. */
function wrap<T extends object>(target: T, names: (keyof T)[], around: { before?: () => Promise<void>; after?: () => Promise<void> }) {
  for (const name of names) {
    const original = (target[name] as Method).bind(target);
    const wrapped = async (...args: never[]) => {
      await around.before?.();
      const result = await original(...args);
      await around.after?.();
      return result;
    };
    Object.assign(target, { [name]: wrapped });
  }
}

function watchPage(page: Page) {
  if (watchedPages.has(page)) return;
  // Registered before the first navigation (the wrappers wait for it): a locator handler is the one hook Playwright
  // runs before each action and assertion, on whatever document the page holds by then.
  const handler = page.addLocatorHandler(page.locator(UNHYDRATED), () => hydrated(page)).catch((error: unknown) => {
    if (!page.isClosed()) throw error;
  });
  watchedPages.set(page, handler);
  const afterNavigation = async () => {
    await handler;
    await hydrated(page);
  };
  wrap(page, ["goto", "reload", "goBack", "goForward", "waitForURL"], { before: () => handler, after: afterNavigation });
  wrap(page.keyboard, ["press", "type", "insertText", "down"], { before: afterNavigation });
  wrap(page.mouse, ["click", "dblclick", "down", "wheel"], { before: afterNavigation });
}

function watchContext(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  for (const page of context.pages()) watchPage(page);
  context.on("page", watchPage);
}

export const test = base.extend<{ hydrationWatch: void }>({
  // Each browser is a client of its own, as shoppers are: the shops trust one proxy (playwright.config.ts), and the
  // per-client rules (hold caps, one unpaid order per product, rate limits) would otherwise count every journey's
  // orders against the one address of this machine, so a journey's unpaid order refused a later journey's.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => provide({ "X-Forwarded-For": uniqueAddress(), ...extraHTTPHeaders }),
  // Set up before the test's context: the contexts a test makes itself wait as the `page` fixture's do.
  hydrationWatch: [
    async ({ browser, javaScriptEnabled }, provide) => {
      const newContext = browser.newContext;
      const watching: Browser["newContext"] = async (options) => {
        const client = { "X-Forwarded-For": uniqueAddress(), ...options?.extraHTTPHeaders };
        const context = await newContext.call(browser, { ...options, extraHTTPHeaders: client });
        if ((options?.javaScriptEnabled ?? javaScriptEnabled) !== false) watchContext(context);
        return context;
      };
      browser.newContext = watching;
      await provide();
      browser.newContext = newContext;
    },
    { auto: true },
  ],
  context: async ({ context, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) watchContext(context);
    await provide(context);
  },
});
