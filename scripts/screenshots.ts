/**
 * Takes phone and desktop screenshots in Arabic and English of the given paths, for a person to look at:
 *   tsx scripts/screenshots.ts http://localhost:3000 / /product/x
 * Files go to tests/.tmp/screenshots/.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [baseUrl = "http://localhost:3000", ...paths] = process.argv.slice(2);
const outDir = path.resolve("tests/.tmp/screenshots");
fs.mkdirSync(outDir, { recursive: true });

const sizes = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
for (const target of paths.length ? paths : ["/"]) {
  for (const language of ["ar", "en"]) {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies([{ name: "lang", value: language, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(new URL(target, baseUrl).href, { waitUntil: "networkidle" });
      // Scroll through the page as a person would, so lazily loaded images below the fold are in the picture.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState("networkidle");
      const name = `${target.replace(/[^a-z0-9]+/gi, "_") || "home"}-${language}-${sizeName}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      process.stdout.write(`${path.join(outDir, name)}\n`);
      await context.close();
    }
  }
}
await browser.close();
