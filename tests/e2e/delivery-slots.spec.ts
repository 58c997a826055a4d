/**
 * Issue 48, point 2, in the browser, with and without JavaScript, in Arabic at a phone's width and in English at a
 * desktop's: the owner's delivery-times page (windows with their times, orders per day and weekdays, the same-day
 * cut-off, the closed dates), every bad input refused with its message in the page's language and nothing saved; and
 * the orders list and the packing slips by delivery day, today's and tomorrow's a click away.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage } from "../support/shopper";
import { takeSettingsTurn } from "../support/settings-turn";
import { signInAsAdmin } from "./admin-fixtures";
import { todayInKuwait } from "../../app/shared/admin-dates";
import { addDays } from "../../app/shared/promised-date";

const SHOTS = "tests/.tmp/shots/delivery-slots";

const CASES = [
  {
    language: "ar" as const,
    viewport: { width: 390, height: 844 },
    text: {
      time: "اكتب الوقت بالساعة والدقيقة، مثل 09:00.",
      order: "يجب أن تنتهي الفترة بعد بدايتها.",
      capacity: "عدد الطلبات في اليوم رقم صحيح من ١ فأكثر.",
      days: "اختر يومًا واحدًا على الأقل لكل فترة.",
      // The example is isolated left to right, or the Arabic line would show it as 31-12-2026.
      date: "اكتب كل يوم إغلاق بالسنة ثم الشهر ثم اليوم، مثل \u20662026-12-31\u2069.",
      saved: "تم حفظ مواعيد التوصيل.",
      sunday: "الأحد",
      monday: "الاثنين",
      today: "توصيلات اليوم",
      tomorrow: "توصيلات الغد",
    },
  },
  {
    language: "en" as const,
    viewport: { width: 1280, height: 900 },
    text: {
      time: "Write times as HH:MM, for example 09:00.",
      order: "A window must end after it starts.",
      capacity: "Orders per day must be a whole number from 1.",
      days: "Choose at least one day for each window.",
      date: "Write each closed date as YYYY-MM-DD.",
      saved: "Delivery times saved.",
      sunday: "Sunday",
      monday: "Monday",
      today: "Today's deliveries",
      tomorrow: "Tomorrow's deliveries",
    },
  },
];

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** The shop without windows, cut-off or closed dates, as every other journey expects it. */
async function clearSlots() {
  const db = e2eDatabase();
  await db.deliveryWindow.deleteMany({});
  await db.shopSetting.deleteMany({ where: { key: { in: ["deliverySameDayCutoff", "deliveryClosedDates"] } } });
}

async function savedSlots() {
  const db = e2eDatabase();
  const [windows, settings] = await Promise.all([
    db.deliveryWindow.findMany({ orderBy: { position: "asc" } }),
    db.shopSetting.findMany({ where: { key: { in: ["deliverySameDayCutoff", "deliveryClosedDates"] } } }),
  ]);
  return {
    windows: windows.map((window) => ({ from: window.fromTime, to: window.toTime, capacity: window.capacity, days: window.days })),
    settings: Object.fromEntries(settings.map((row) => [row.key, row.value])),
  };
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/**
 * Saves and waits until the answer is on the page. The form is drawn again from the answer (it keeps the rows as
 * typed), so a field filled while a refusal is on its way would be taken back when it lands; and two refusals in a
 * row say the same words, so the message alone cannot tell the second from the first.
 */
async function save(page: Page) {
  // With JavaScript, Remix's single fetch posts to the page's path with ".data" added.
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && /^\/admin\/timsar\/delivery-slots(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await page.getByTestId("save-delivery-slots").click();
  await answered;
  await expect(page.getByTestId("delivery-slots-form")).not.toHaveAttribute("aria-busy", "true");
}

/** Saves and expects the refusal, said on the page, with nothing saved. */
async function refused(page: Page, message: string) {
  await save(page);
  await expect(page.getByTestId("delivery-slots-form").getByRole("alert")).toHaveText(message);
  expect((await savedSlots()).windows).toEqual([]);
}

for (const { language, viewport, text } of CASES) {
  test(`the owner sets delivery windows, a cut-off and closed dates, and every bad input is refused (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    const done = await takeSettingsTurn();
    try {
      await clearSlots();
      await page.setViewportSize(viewport);
      await setLanguage(context, baseURL!, language);
      await signInAsAdmin(context, baseURL!);
      const tomorrow = addDays(todayInKuwait(), 1);
      const inTwoDays = addDays(todayInKuwait(), 2);

      await page.goto("/admin/timsar/delivery-slots");
      await expect(page.getByTestId("slot-window")).toHaveCount(1);
      // A window with no end, then one that ends before it starts.
      await field(page, "windows[0].from").fill("10:00");
      await field(page, "windows[0].capacity").fill("5");
      await refused(page, text.time);
      await field(page, "windows[0].to").fill("09:00");
      await refused(page, text.order);
      // The rows come back as typed: only what was wrong needs typing again.
      await expect(field(page, "windows[0].from")).toHaveValue("10:00");
      await field(page, "windows[0].to").fill("13:00");
      await field(page, "windows[0].capacity").fill("");
      await refused(page, text.capacity);
      await field(page, "windows[0].capacity").fill("0");
      await refused(page, text.capacity);
      await field(page, "windows[0].capacity").fill("5");
      for (const checkbox of await page.getByTestId("slot-window").first().locator('input[type="checkbox"]').all()) await checkbox.uncheck();
      await refused(page, text.days);
      await page.getByTestId("slot-window").first().getByLabel(text.sunday).check();
      await page.getByTestId("slot-window").first().getByLabel(text.monday).check();
      await page.locator("#closed-dates").fill("31/12/2026");
      await refused(page, text.date);
      await page.screenshot({ path: `${SHOTS}/refused-${language}-${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

      await page.locator("#closed-dates").fill(`${tomorrow}\n${inTwoDays}`);
      await page.locator("#same-day-cutoff").fill("11:00");
      await save(page);
      await expect(page.getByTestId("toast")).toHaveText(text.saved);
      expect(await savedSlots()).toEqual({
        windows: [{ from: "10:00", to: "13:00", capacity: 5, days: "0,1" }],
        settings: { deliverySameDayCutoff: "11:00", deliveryClosedDates: `${tomorrow},${inTwoDays}` },
      });

      // A second window in the blank row the page now offers, every day.
      await expect(page.getByTestId("slot-window")).toHaveCount(2);
      await field(page, "windows[1].from").fill("16:00");
      await field(page, "windows[1].to").fill("20:00");
      await field(page, "windows[1].capacity").fill("2");
      for (const checkbox of await page.getByTestId("slot-window").nth(1).locator('input[type="checkbox"]').all()) await checkbox.check();
      await save(page);
      await expect(page.getByTestId("slot-window")).toHaveCount(3);
      expect((await savedSlots()).windows).toEqual([
        { from: "10:00", to: "13:00", capacity: 5, days: "0,1" },
        { from: "16:00", to: "20:00", capacity: 2, days: WEEKDAYS.join(",") },
      ]);
      await page.screenshot({ path: `${SHOTS}/saved-${language}-${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

      // The shopper's list: no closed day, the evening window's 2 places.
      const offered = (await (await page.request.get("/api/delivery-slots")).json()) as { date: string; windows: { from: string; available: number }[] }[];
      expect(offered.map((day) => day.date)).not.toContain(tomorrow);
      expect(offered.map((day) => day.date)).not.toContain(inTwoDays);
      expect(offered.flatMap((day) => day.windows.filter((window) => window.from === "16:00").map((window) => window.available))).toContain(2);

      // Emptying a window's times removes it.
      await field(page, "windows[0].from").fill("");
      await field(page, "windows[0].to").fill("");
      await save(page);
      await expect(page.getByTestId("slot-window")).toHaveCount(2);
      expect((await savedSlots()).windows).toEqual([{ from: "16:00", to: "20:00", capacity: 2, days: WEEKDAYS.join(",") }]);
    } finally {
      await clearSlots();
      done();
    }
  });

  test(`the orders list and the packing slips by delivery day, today's and tomorrow's at one click (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await page.setViewportSize(viewport);
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);
    const db = e2eDatabase();
    const today = todayInKuwait();
    const tomorrow = addDays(today, 1);
    const [forToday, forTomorrow, later] = await Promise.all(
      [today, tomorrow, addDays(today, 3)].map(async (deliveryDate) => {
        const order = await createOrder(db);
        return db.order.update({ where: { id: order.id }, data: { deliveryDate, deliveryFrom: "16:00", deliveryTo: "20:00", promisedBy: deliveryDate } });
      }),
    );

    await page.goto("/admin/timsar/orders");
    await page.getByTestId("delivery-day").getByRole("link", { name: text.today }).click();
    await expect(page).toHaveURL(new RegExp(`deliveryDate=${today}`));
    const table = page.getByTestId("orders-table");
    await expect(table).toContainText(forToday.orderNumber);
    await expect(table).not.toContainText(forTomorrow.orderNumber);
    await expect(table).not.toContainText(later.orderNumber);
    await expect(page.getByTestId("delivery-day").getByRole("link", { name: text.today })).toHaveAttribute("aria-current", "page");

    await page.getByTestId("delivery-day").getByRole("link", { name: text.tomorrow }).click();
    await expect(page).toHaveURL(new RegExp(`deliveryDate=${tomorrow}`));
    await expect(table).toContainText(forTomorrow.orderNumber);
    await expect(table).not.toContainText(forToday.orderNumber);
    await page.screenshot({ path: `${SHOTS}/orders-tomorrow-${language}-${viewport.width}-${javaScriptEnabled ? "js" : "nojs"}.png`, fullPage: true });

    // The day's packing slips: the list's rows, that day's orders of the tab only; one of the day already delivered
    // is not packed again (probe 10).
    const delivered = await createOrder(db, { status: "delivered" });
    await db.order.update({ where: { id: delivered.id }, data: { deliveryDate: tomorrow, deliveryFrom: "16:00", deliveryTo: "20:00", promisedBy: tomorrow } });
    const href = await page.getByTestId("print-day").getAttribute("href");
    expect(href).toBe(`/admin/timsar/packing-slips?deliveryDate=${tomorrow}&status=pending`);
    await page.goto(href!);
    await expect(page.locator("body")).toContainText(forTomorrow.orderNumber);
    await expect(page.locator("body")).not.toContainText(forToday.orderNumber);
    await expect(page.locator("body")).not.toContainText(later.orderNumber);
    await expect(page.locator("body")).not.toContainText(delivered.orderNumber);
  });
}
