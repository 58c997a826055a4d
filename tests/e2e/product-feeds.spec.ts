import { expect, test } from "./fixtures";
import { setLanguage } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";
import { readCsvObjects, readGoogleFeed } from "../support/feed-readers";

/**
 * Issue 46, point 1: the settings page shows the owner the addresses of both product feeds in both languages, to copy
 * into Google Merchant Center and Meta's Commerce Manager, and each address answers its feed.
 */
const SHOTS = "tests/.tmp/shots/product-feeds";

test("the settings page shows both feeds' addresses in both languages, and each answers its feed", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const run = javaScriptEnabled ? "js" : "nojs";
  await signInAsAdmin(context, baseURL!);
  await setLanguage(context, baseURL!, "ar");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/timsar/settings");
  const feeds = page.getByTestId("feed-addresses");
  await expect(feeds.getByRole("heading", { level: 2 })).toHaveText("ملفات المنتجات");
  const addresses = {
    "مركز التجار من جوجل (بالعربية)": `${baseURL}/feeds/google.xml?lang=ar`,
    "مركز التجار من جوجل (بالإنجليزية)": `${baseURL}/feeds/google.xml?lang=en`,
    "كتالوج ميتا لفيسبوك وإنستغرام (بالعربية)": `${baseURL}/feeds/meta.csv?lang=ar`,
    "كتالوج ميتا لفيسبوك وإنستغرام (بالإنجليزية)": `${baseURL}/feeds/meta.csv?lang=en`,
  };
  for (const [label, url] of Object.entries(addresses)) {
    const field = feeds.getByLabel(label);
    await expect(field).toHaveValue(url);
    await expect(field).toHaveAttribute("readonly", "");
  }
  await feeds.scrollIntoViewIfNeeded();
  await feeds.screenshot({ path: `${SHOTS}/settings-feeds-ar-390-${run}.png` });

  await setLanguage(context, baseURL!, "en");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/timsar/settings");
  await expect(feeds.getByRole("heading", { level: 2 })).toHaveText("Product feeds");
  await expect(feeds.getByLabel("Google Merchant Center (English)")).toHaveValue(`${baseURL}/feeds/google.xml?lang=en`);
  await expect(feeds.getByLabel("Meta catalogue, Facebook and Instagram (Arabic)")).toHaveValue(`${baseURL}/feeds/meta.csv?lang=ar`);
  await feeds.screenshot({ path: `${SHOTS}/settings-feeds-en-1280-${run}.png` });

  // What the owner copies works: the demo catalogue's products are in both feeds.
  const google = await page.request.get(`${baseURL}/feeds/google.xml?lang=ar`);
  expect(google.status()).toBe(200);
  expect(readGoogleFeed(await google.text()).items.length).toBeGreaterThan(0);
  const meta = await page.request.get(`${baseURL}/feeds/meta.csv?lang=en`);
  expect(readCsvObjects(await meta.text()).rows.length).toBeGreaterThan(0);
});
