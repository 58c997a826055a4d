import fs from "node:fs";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { uniqueEmail } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { waitForMail } from "../setup/mailbox";
import { signInAsAdmin, signInAsMember, useEnglish } from "./admin-fixtures";

const SHOTS = "/tmp/shots-33";

// The owner invites an orders member in English; the member works in Arabic: sets a password from the mailed link,
// signs in, changes an order's status and is refused a refund; the owner's activity log shows both members' changes.
test("an invited orders member signs in from the mailed link, changes a status, is refused a refund, and the log shows it", async ({ page, context, browser, baseURL }, testInfo) => {
  const db = e2eDatabase();
  const email = uniqueEmail("packer");
  const order = await createOrder(db, { paymentStatus: "paid", status: "pending" });
  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);

  await page.goto("/admin/timsar/staff");
  const invite = page.getByTestId("invite-form");
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Role").selectOption("orders");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page).toHaveURL(/\/admin\/timsar\/staff$/);
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent." })).toBeVisible();
  const row = page.getByTestId("staff-table").locator(`tr[data-email="${email}"]`);
  await expect(row).toContainText("Invited");
  if (testInfo.project.name === "js") {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/staff-page.png`, fullPage: true });
  }

  const link = /(http\S+\/admin\/timsar\/set-password\?token=[\w-]+)/.exec((await waitForMail(email)).text)![1];
  const memberContext = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.name === "js" });
  await memberContext.addCookies([{ name: "lang", value: "ar", url: baseURL! }]);
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname + new URL(link).search);
  await member.getByLabel("كلمة المرور").fill("packer-password-33");
  await member.getByRole("button", { name: "تعيين كلمة المرور" }).click();
  // Post/Redirect/Get to the sign-in page, which says the password is set (decision 0049).
  await expect(member).toHaveURL(/\/admin\/timsar$/);
  await expect(member.getByRole("status").filter({ hasText: "تم تعيين كلمة المرور." })).toBeVisible();

  await member.getByLabel("البريد الإلكتروني").fill(email);
  await member.getByLabel("كلمة المرور").fill("packer-password-33");
  await member.getByRole("button", { name: "تسجيل الدخول" }).click();
  await expect(member).toHaveURL(/\/admin\/timsar\/dashboard$/);
  const menu = member.getByRole("navigation", { name: "قائمة الإدارة" });
  await expect(menu.getByRole("link", { name: "الطلبات", exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "المنتجات" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "سجل النشاط" })).toHaveCount(0);

  await member.goto(`/admin/timsar/orders/${order.orderNumber}`);
  await member.locator("#order-status").selectOption("processing");
  await member.getByTestId("status-form").getByRole("button").click();
  await expect(member.getByTestId("toast")).toBeVisible();
  await expect.poll(async () => (await db.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("processing");
  // No refund form for this role, and the refund call itself is refused with nothing changed.
  await expect(member.getByRole("button", { name: /استرداد/ })).toHaveCount(0);
  const refused = await member.request.post(`/api/admin/orders/${order.id}/refund`, { data: {} });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ message: "دورك لا يسمح بهذه العملية." });
  expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).paymentStatus).toBe("paid");
  await member.goto("/admin/timsar/sales-report");
  await expect(member.getByTestId("admin-forbidden")).toContainText("غير مسموح");
  await memberContext.close();

  await page.goto(`/admin/timsar/audit?entityType=order&entityId=${order.id}`);
  const entries = page.getByTestId("audit-table").locator("tbody tr");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(email);
  await expect(entries.first()).toContainText("pending → processing");
  await page.goto(`/admin/timsar/audit?actor=${encodeURIComponent(email)}`);
  await expect(page.getByTestId("audit-table").locator('tbody tr[data-action="status"]')).toHaveCount(1);
  await page.goto("/admin/timsar/audit");
  await expect(page.getByTestId("audit-table").locator(`tbody tr[data-entity="staff"]`).filter({ hasText: email }).first()).toBeVisible();
  if (testInfo.project.name === "js") await page.screenshot({ path: `${SHOTS}/audit-log.png`, fullPage: true });
});

// Issue 42: the Arabic activity log words every action in Arabic (no key such as "twoStepOn" or "invite" shows).
test("the Arabic activity log shows every action in Arabic words", async ({ page, context, baseURL }) => {
  const db = e2eDatabase();
  await signInAsAdmin(context, baseURL!);
  await page.goto("/admin/timsar/staff");
  const invite = page.getByTestId("invite-form");
  await invite.getByLabel("البريد الإلكتروني").fill(uniqueEmail("arabic-log"));
  await invite.getByRole("button", { name: "إرسال الدعوة" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  await page.goto("/admin/timsar/audit");
  const actions = page.getByTestId("audit-table").locator("tbody tr td:nth-child(3)");
  await expect(actions.first()).toBeVisible();
  expect(await db.auditEntry.count({ where: { action: "invite" } })).toBeGreaterThan(0);
  for (const text of await actions.allInnerTexts()) expect(text).not.toMatch(/[A-Za-z]/);
  await expect(page.getByTestId("audit-table").locator('tbody tr[data-action="invite"]').first()).toContainText("دعوة");
});

// Issue 43: a member sees no button or link their role cannot use, and a page they cannot open is the shop's 403 page.
test("the orders role sees no return decisions nor catalogue links, and the catalogue role no orders links; a refused page is the 403 page", async ({ browser, baseURL }, testInfo) => {
  const db = e2eDatabase();
  const order = await createOrder(db, { status: "delivered" });
  const item = await db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
  const ret = await db.return.create({
    data: {
      number: `RET-${Date.now()}`,
      orderId: order.id,
      status: "requested",
      resolution: "refund",
      refundFils: 2500,
      items: { create: [{ orderItemId: item.id, quantity: 1, reason: "wrongSize" }] },
      statusChanges: { create: [{ toStatus: "requested", changedBy: "shopper" }] },
    },
  });
  const javaScriptEnabled = testInfo.project.name === "js";

  const ordersContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsMember(ordersContext, baseURL!, "orders");
  const packer = await ordersContext.newPage();
  await packer.goto(`/admin/timsar/returns/${ret.id}`);
  await expect(packer.getByTestId("admin-return")).toBeVisible();
  await expect(packer.getByTestId("return-decisions")).toHaveCount(0);
  await packer.goto("/admin/timsar/dashboard");
  for (const href of ["/admin/timsar/products", "/admin/timsar/categories/view", "/admin/timsar/coupons", "/admin/timsar/settings", "/admin/timsar/grouped-orders"]) {
    await expect(packer.locator(`a[href^="${href}"]`)).toHaveCount(0);
  }
  await packer.goto("/admin/timsar/categories");
  await expect(packer.getByTestId("admin-forbidden")).toContainText("غير مسموح");
  await ordersContext.close();

  const catalogueContext = await browser.newContext({ baseURL, javaScriptEnabled });
  await signInAsMember(catalogueContext, baseURL!, "catalogue");
  const keeper = await catalogueContext.newPage();
  await keeper.goto("/admin/timsar/dashboard");
  await expect(keeper.locator('a[href^="/admin/timsar/products"]').first()).toBeVisible();
  await expect(keeper.locator('a[href^="/admin/timsar/orders"], a[href^="/admin/timsar/returns"], a[href^="/admin/timsar/grouped-orders"]')).toHaveCount(0);
  await keeper.goto(`/admin/timsar/orders/${order.id}`);
  await expect(keeper.getByTestId("admin-forbidden")).toBeVisible();
  await catalogueContext.close();
});
