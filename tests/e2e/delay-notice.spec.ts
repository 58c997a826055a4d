import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/** The owner's delay notice on the order page (issue 30), a plain form post: the same with and without JavaScript. */
const laterDay = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test.describe("the order page's delay notice", () => {
  test("tells the shopper of a delay in English, and the notice is listed and sent", async ({ page, context, baseURL }) => {
    await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const order = await createOrder(e2eDatabase(), { fullName: uniqueName("Delayed"), email: `delay-${Date.now()}@example.com` });
    await page.goto(`/admin/timsar/orders/${order.id}`);
    const card = page.getByTestId("delay-notice");
    await expect(card.getByRole("heading", { name: "Tell the shopper of a delay" })).toBeVisible();
    await card.getByLabel("Your order will arrive on").fill(laterDay(4));
    await card.getByRole("button", { name: "Send the delay notice" }).click();
    await expect(page.getByTestId("toast")).toHaveText("The delay notice is queued to the shopper.");
    await expect(page.getByTestId("order-messages").getByTestId("message-row").filter({ hasText: "Delay notice" })).toHaveCount(1);
    const rows = () => e2eDatabase().outboxMessage.findMany({ where: { orderId: order.id, kind: "delay" } });
    await expect.poll(async () => (await rows()).map((row) => [row.channel, row.status, row.params]), { timeout: 20_000 }).toEqual([["email", "sent", JSON.stringify({ date: laterDay(4) })]]);
  });

  test("tells the shopper of a delay in Arabic", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL!);
    const order = await createOrder(e2eDatabase(), { fullName: uniqueName("Delayed"), email: `delay-ar-${Date.now()}@example.com` });
    await page.goto(`/admin/timsar/orders/${order.id}`);
    const card = page.getByTestId("delay-notice");
    await expect(card.getByRole("heading", { name: "أبلغ المتسوق بتأخير" })).toBeVisible();
    await card.getByLabel("سيصل طلبك يوم").fill(laterDay(2));
    await card.getByRole("button", { name: "أرسل إشعار التأخير" }).click();
    await expect(page.getByTestId("toast")).toHaveText("إشعار التأخير في طريقه إلى المتسوق.");
    await expect(page.getByTestId("order-messages").getByTestId("message-row").filter({ hasText: "إشعار تأخير" })).toHaveCount(1);
  });
});
