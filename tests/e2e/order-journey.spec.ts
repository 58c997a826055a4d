import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsNewCustomer } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

// The administrator's status change is what the shopper sees, on My Orders and on the tracking page.
test("a status set by the administrator shows on the shopper's My Orders and tracking pages", async ({ browser, baseURL }) => {
  const shopperContext = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js" });
  const customer = await signInAsNewCustomer(shopperContext, baseURL!);
  const order = await createOrder(e2eDatabase(), { fullName: uniqueName("Hessa"), customerId: customer.id, phone: customer.phone });

  const shopper = await shopperContext.newPage();
  await shopper.goto("/my-orders");
  const card = shopper.locator("article, li").filter({ hasText: order.orderNumber }).first();
  await expect(card.getByTestId("status-badge")).toHaveText("قيد الانتظار");

  const adminContext = await browser.newContext({ javaScriptEnabled: test.info().project.name === "js" });
  await adminContext.addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await signInAsAdmin(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/timsar/orders/${order.orderNumber}`);
  await admin.getByLabel("Status", { exact: true }).selectOption("outForDelivery");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByTestId("toast")).toHaveText("Order status updated successfully.");

  await shopper.reload();
  await expect(card.getByTestId("status-badge")).toHaveText("خرج للتوصيل");
  await expect(card.getByTestId("status-badge")).toHaveAttribute("data-status", "outForDelivery");

  await shopper.goto(`/view-invoice?orderNumber=${order.orderNumber.toLowerCase()}`);
  await expect(shopper.getByTestId("status-badge")).toHaveText("خرج للتوصيل");
  await shopperContext.close();
  await adminContext.close();
});
