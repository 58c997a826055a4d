import { expect, test } from "./fixtures";
import { e2eDatabase } from "../support/e2e-database";
import { figure } from "../support/digits";
import { setLanguage } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";
import { takeSettingsTurn } from "../support/settings-turn";

/**
 * Issue 43, point 1: the owner gives the shop its name and contacts on the settings page, and the storefront's footer
 * shows them, in Arabic and in English. The settings are the whole shop's: each journey takes its turn with them, and
 * what they held is put back afterwards, so the journeys after this one see the demo's shop. The free-delivery amount
 * is coupons.spec.ts's, which sets it beside these, and is left alone.
 */
const SHOTS = "tests/.tmp/shots/shop-identity";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const NOT_OURS = "freeDeliveryFromFils";

let kept: { key: string; value: string }[] = [];
let endTurn = () => {};
test.beforeEach(async () => {
  endTurn = await takeSettingsTurn();
  kept = await e2eDatabase().shopSetting.findMany({ where: { key: { not: NOT_OURS } }, select: { key: true, value: true } });
});
test.afterEach(async () => {
  const database = e2eDatabase();
  await database.shopSetting.deleteMany({ where: { key: { notIn: [...kept.map(({ key }) => key), NOT_OURS] } } });
  for (const { key, value } of kept) await database.shopSetting.update({ where: { key }, data: { value } });
  endTurn();
});

test("the owner names the shop and gives its contacts; the footer shows them in both languages", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const run = javaScriptEnabled ? "js" : "no-js";
  const name = { en: `Lulu Bows ${run}`, ar: `فيونكات لولو ${run === "js" ? "أ" : "ب"}` };
  await signInAsAdmin(context, baseURL!);
  await setLanguage(context, baseURL!, "ar");
  await page.setViewportSize(PHONE);
  await page.goto("/admin/timsar/settings");
  await page.getByLabel("اسم المتجر (بالعربية)").fill(name.ar);
  await page.getByLabel("اسم المتجر (بالإنجليزية)").fill(name.en);
  await page.getByLabel("البريد الإلكتروني للتواصل").fill("hello@lulu-bows.example");
  await page.getByLabel("هاتف التواصل").fill("+965 5111 2222");
  await page.getByLabel("العنوان (بالعربية)").fill("السالمية، قطعة 10، شارع 5");
  await page.getByLabel("العنوان (بالإنجليزية)").fill("Salmiya, Block 10, Street 5");
  await page.getByLabel("حساب إنستغرام").fill("@lulu.bows");
  await page.getByTestId("save-settings").click();
  await expect(page.getByText("تم حفظ الإعدادات.")).toBeVisible();
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/settings-ar-phone.png`, fullPage: true });
  // Kept as the owner means them: the phone as its 8 digits, the handle without "@".
  await page.goto("/admin/timsar/settings");
  await expect(page.getByLabel("هاتف التواصل")).toHaveValue("51112222");
  await expect(page.getByLabel("حساب إنستغرام")).toHaveValue("lulu.bows");

  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("heading", { name: name.ar })).toBeVisible();
  await expect(footer.getByRole("link", { name: "hello@lulu-bows.example" })).toHaveAttribute("href", "mailto:hello@lulu-bows.example");
  await expect(footer.getByRole("link", { name: "+965 5111 2222" })).toHaveAttribute("href", "tel:+96551112222");
  await expect(footer.getByText("السالمية، قطعة 10، شارع 5")).toBeVisible();
  await expect(footer.getByRole("link", { name: "إنستغرام" })).toHaveAttribute("href", "https://www.instagram.com/lulu.bows");
  await expect(footer).toContainText(`© ${figure(String(new Date().getFullYear()), "ar")} ${name.ar}. جميع الحقوق محفوظة.`);
  await expect(footer).not.toContainText(name.en);

  await setLanguage(context, baseURL!, "en");
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(footer.getByRole("heading", { name: name.en })).toBeVisible();
  await expect(footer.getByText("Salmiya, Block 10, Street 5")).toBeVisible();
  await expect(footer.getByRole("link", { name: "+965 5111 2222" })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${name.en}. All rights reserved.`);
  await expect(footer).not.toContainText(name.ar);
  if (javaScriptEnabled) {
    await footer.scrollIntoViewIfNeeded();
    await footer.screenshot({ path: `${SHOTS}/footer-en-desktop.png` });
  }
});

test("the dashboard asks the owner for the shop's details while its name, e-mail or phone is not set", async ({ page, context, baseURL }) => {
  const database = e2eDatabase();
  await database.shopSetting.updateMany({ where: { key: { in: ["shopNameEn", "shopNameAr", "contactEmail"] } }, data: { value: "" } });
  await signInAsAdmin(context, baseURL!);
  await setLanguage(context, baseURL!, "ar");
  await page.goto("/admin/timsar/dashboard");
  const notice = page.getByTestId("identity-notice");
  await expect(notice).toContainText("لم يُحدَّد بعد اسم متجرك أو بريده الإلكتروني أو هاتفه");
  await setLanguage(context, baseURL!, "en");
  await page.goto("/admin/timsar/dashboard");
  await expect(notice).toContainText("Your shop's name, e-mail or phone is not set yet");
  await notice.getByRole("link", { name: "Set your shop's details" }).click();
  await expect(page).toHaveURL(/\/admin\/timsar\/settings$/);

  // Named and reachable again: the notice is gone.
  await page.getByLabel("Shop name (Arabic)").fill("فيونكات لولو");
  await page.getByLabel("Shop name (English)").fill("Lulu Bows");
  await page.getByLabel("Contact e-mail").fill("hello@lulu-bows.example");
  await page.getByLabel("Contact phone").fill("51112222");
  await page.getByTestId("save-settings").click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.goto("/admin/timsar/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
