import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the element (its props are attached to the DOM node). Typed before hydration, a
 * controlled field's value can be taken back by React's first render, and the form then refuses to send: a journey
 * with JavaScript fills a form only after this.
 */
export async function reactIsOn(page: Page, selector: string) {
  await page.waitForFunction((css) => {
    const element = document.querySelector(css);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}
