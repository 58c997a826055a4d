import type { Locator, Page } from "@playwright/test";

/**
 * A slow phone before a form's browser check has arrived: the lazily loaded `form-validation` chunk is held, so each
 * field left is checked by posting the form to the server (conform's `__intent__`), as app/components/use-shop-form.ts
 * says. `tap` presses a button the way a finger does: the press leaves the focused field, whose check is posted while
 * the finger is still down, and the finger lifts only once that check has left the browser and before its answer.
 * Without JavaScript nothing is checked before the form is sent, and `tap` is a click.
 */
export async function holdFormCheck(page: Page, javaScriptEnabled: boolean) {
  const held: (() => void)[] = [];
  const hold = () => new Promise<void>((resolve) => held.push(resolve));
  const chunk = "**/form-validation-*.js";
  await page.route(chunk, async (route) => {
    await hold();
    await route.continue().catch(ignoreCancelled);
  });
  let checkPosted: (() => void) | null = null;
  const data = (url: URL) => url.pathname.endsWith(".data");
  await page.route(
    data,
    async (route) => {
      if (route.request().method() !== "POST" || !route.request().postData()?.includes("__intent__")) return route.fallback();
      checkPosted?.();
      await hold();
      // The router drops a check when the next form is sent, and the browser cancels its request.
      await route.fallback().catch(ignoreCancelled);
    },
  );
  return {
    async tap(button: Locator) {
      if (!javaScriptEnabled) return button.click();
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      const posted = new Promise<void>((resolve) => (checkPosted = resolve));
      await page.mouse.down();
      await posted;
      await page.mouse.up();
    },
    /** The phone's network is fast again: what was held goes on, and nothing more is held. */
    async release() {
      await Promise.all([page.unroute(chunk), page.unroute(data)]);
      for (const resolve of held.splice(0)) resolve();
    },
  };
}

function ignoreCancelled() {}
