/**
 * Payment reminders (issue 45, points 1 to 3; CONTRACT.md "Unfinished checkouts", decision 0085), on both engines,
 * with a real SMTP server on loopback and the local fakes of WhatsApp Cloud API and kwtSMS: an unpaid order gets a
 * reminder after each delay of PAYMENT_REMINDERS, once, by e-mail and WhatsApp (or SMS), in its language, with its
 * amount, items, a link that pays it and a link that stops its reminders; none once paid or cancelled, with its units
 * gone, or while the owner's setting is off. Paying through the link after the hold ended takes the units again, or
 * says they sold out and charges nothing. The dashboard and the sales report count what the reminders won back.
 * The reminder job runs with its clock given (`remindUnpaidOrders(now)`), so no test waits for an hour to pass.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { expireReservations, placeOrderAndStartPayment, remindUnpaidOrders, testAttemptToPay, confirmPayment } from "~/models/payments/index.server";
import { cancelUnpaidOrder, getAdminOrder } from "~/models/fulfilment/index.server";
import { RESERVATION_MINUTES } from "~/models/orders/index.server";
import { getDashboardFigures } from "~/models/reports/index.server";
import { getDeliverySlotSettings, getShopSettings, saveDeliverySlotSettings, saveShopSettings } from "~/models/shop/index.server";
import { orderDetailJson } from "~/api/answers/orders.server";
import { formatKDText } from "~/shared/bidi";
import { todayInKuwait } from "~/shared/admin-dates";
import * as paymentPage from "~/routes/payment";
import * as stopPage from "~/routes/payment_.stop-reminders";
import * as salesReportApi from "~/routes/api.admin.sales-report";
import * as settingsApi from "~/routes/api.admin.settings";
import * as settingsPage from "~/routes/admin.timsar.settings";
import { createCoupon } from "../factories/coupon";
import { createDeliveryArea } from "../factories/delivery-area";
import { checkoutDetails } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniquePhone } from "../factories/unique";
import { startFakePhoneChannels } from "../support/phone-channels";
import { startSmtpServer } from "../setup/smtp";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

const smtp = await startSmtpServer();
// CONTRACT.md: the reminder's template takes the order number, the amount and the link.
const { whatsApp, sms } = await startFakePhoneChannels("reminder", { order_confirmed: null, order_status: null, refund_issued: null, return_update: null, payment_reminder: 3 });
// Before the first getEnv() of this file's module graph: the shop reads its variables once.
Object.assign(process.env, {
  APP_URL: "http://shop.test",
  SMTP_URL: smtp.url,
  PAYMENT_REMINDERS: "1h,20h",
});
afterAll(async () => {
  await Promise.all([whatsApp.close(), sms.close(), smtp.close()]);
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const APPROVED = "4111111111111111";

type Placed = Awaited<ReturnType<typeof place>>;

/** An order placed `ago` ms before now, of one product (its stock given), by a shopper with an address and phone of her own. */
async function place(options: {
  ago: number;
  language?: "ar" | "en";
  notifyWhatsApp?: boolean;
  stock?: number;
  priceFils?: number;
  couponCode?: string;
  deliverySlot?: { date: string; windowId: string };
}) {
  const city = await createDeliveryArea(prisma, 1000);
  const product = await createProduct(prisma, { nameEn: "Velvet Bow", nameAr: "فيونكة مخملية", priceFils: options.priceFils ?? 4250, stockQuantity: options.stock ?? 5 });
  const email = uniqueEmail("reminder");
  const phone = uniquePhone();
  const placedAt = new Date(Date.now() - options.ago);
  const placed = await placeOrderAndStartPayment(
    {
      details: checkoutDetails(city, { email, phone, fullName: "Sara Ahmad", notifyWhatsApp: options.notifyWhatsApp ?? false }),
      lines: [{ productId: product.id, quantity: 1, customTags: [] }],
      customerId: null,
      language: options.language ?? "ar",
      couponCode: options.couponCode,
      deliverySlot: options.deliverySlot,
    },
    placedAt,
  );
  return { ...placed, product, email, phone, city, placedAt, at: (offset: number) => new Date(placedAt.getTime() + offset) };
}

const remindersTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email) && mail.html.includes("data-stop-link"));
const whatsAppTo = (phone: string) => [...whatsApp.messages.values()].filter((message) => message.to === `965${phone}`);
const smsTo = (phone: string) => [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`);
const stock = (productId: string) => prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stockQuantity: true, heldQuantity: true } });

/** The card page's way to pay: an attempt of the order's session (a new one after the hold ended), paid with a card. */
async function pay(orderSessionId: string) {
  const attempt = await testAttemptToPay(orderSessionId);
  if (!attempt) return null;
  await testProvider.submitCard(attempt.providerPaymentId, { cardNumber: APPROVED });
  return confirmPayment(attempt.paymentId);
}

/** The reminder's links, as the e-mail carries them. */
function linksOf(html: string) {
  const pay = /href="([^"]+)" data-pay-link/.exec(html)?.[1] ?? "";
  const stop = /href="([^"]+)" data-stop-link/.exec(html)?.[1] ?? "";
  return { pay: pay.replaceAll("&amp;", "&"), stop: stop.replaceAll("&amp;", "&") };
}

/** The hold of every order placed over RESERVATION_MINUTES ago ends, as the payment jobs end it. */
async function holdsEnd(order: Placed) {
  await expireReservations();
  expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "failed" });
}

describe("a payment reminder", () => {
  // Each test counts the reminders of its own orders: unpaid orders other files of this worker left in the shared
  // database would come due in the same passes, so none of them is reminded here.
  beforeEach(async () => {
    await prisma.order.updateMany({ where: { nextReminderAt: { not: null } }, data: { nextReminderAt: null } });
  });

  it("arrives once after an hour, by e-mail and WhatsApp in the order's language, with the amount, the items and its links; its link pays, and none follows", async () => {
    const order = await place({ ago: HOUR + MINUTE, language: "ar", notifyWhatsApp: true });
    await holdsEnd(order);
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });

    // Not before its hour; then once, however many passes run at once (two servers, a pass repeated after a restart).
    expect(await remindUnpaidOrders(order.at(59 * MINUTE))).toBe(0);
    const passes = await Promise.all([remindUnpaidOrders(order.at(HOUR + 1000)), remindUnpaidOrders(order.at(HOUR + 1000)), remindUnpaidOrders()]);
    expect(passes.reduce((sum, queued) => sum + queued, 0)).toBeGreaterThanOrEqual(1);
    await drainOutbox();
    await remindUnpaidOrders(order.at(2 * HOUR));
    await drainOutbox();

    const mails = remindersTo(order.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const amount = formatKDText(5250, "ar");
    expect(mail.subject).toBe(`طلبك ${order.order.orderNumber} بانتظارك`);
    expect(mail.text).toContain("مرحبًا Sara Ahmad،");
    expect(mail.text).toContain(amount);
    expect(mail.text).toContain(`١ × فيونكة مخملية، السعر ${formatKDText(4250, "ar")}`);
    // The lines add up to what it asks: the item, then the delivery fee, then the total (probe 4, item 13).
    const lines = [`مجموع المنتجات: ${formatKDText(4250, "ar")}`, `رسوم التوصيل: ${formatKDText(1000, "ar")}`, `الإجمالي: ${amount}`];
    expect(mail.text.replace(/\r\n/g, "\n")).toContain(lines.join("\n"));
    expect(mail.html).toContain('dir="rtl"');
    const links = linksOf(mail.html);
    expect(links.pay).toBe(`http://shop.test/payment?orderSessionId=${order.orderSessionId}`);
    expect(links.stop).toMatch(/^http:\/\/shop\.test\/payment\/stop-reminders\?token=/);
    expect(mail.text).toContain(links.pay);
    expect(mail.text).toContain(links.stop);

    // WhatsApp, as the shopper agreed: the template with the number, the amount and the link; no SMS besides.
    const [message] = whatsAppTo(order.phone);
    expect(message).toMatchObject({ template: "payment_reminder", language: "ar" });
    expect(message.parameters).toEqual([order.order.orderNumber, amount, links.pay]);
    expect(smsTo(order.phone)).toHaveLength(0);
    const detail = orderDetailJson((await getAdminOrder(order.order.id))!);
    expect(detail.messages.filter((row) => row.kind === "payment_reminder").map((row) => [row.channel, row.status]).sort()).toEqual([
      ["email", "sent"],
      ["whatsapp", "sent"],
    ]);

    // The link pays the order: its unit, back on sale since the hold ended, is taken again and sold.
    expect((await pay(order.orderSessionId))?.state).toBe("paid");
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 4, heldQuantity: 0 });
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { totalFils: true, nextReminderAt: true } })).toEqual({ totalFils: 5250, nextReminderAt: null });

    // The second delay comes: nothing more for a paid order (the pass may remind other files' unpaid orders, due by
    // then in this worker's database, so what counts is what reached this shopper).
    await remindUnpaidOrders(order.at(20 * HOUR + 1000));
    await drainOutbox();
    expect(remindersTo(order.email)).toHaveLength(1);
    expect(whatsAppTo(order.phone).filter((sent) => sent.template === "payment_reminder")).toHaveLength(1);
  });

  it("goes by SMS in English when the shopper did not choose WhatsApp, and again after the second delay", async () => {
    const order = await place({ ago: HOUR + MINUTE, language: "en" });
    await holdsEnd(order);
    await remindUnpaidOrders(order.at(HOUR + 1000));
    await drainOutbox();
    const [text] = smsTo(order.phone);
    expect(text.message).toContain("your order of 5.25 KD is waiting for payment: http://shop.test/payment?orderSessionId=");
    // Every reminder carries the link that stops them (CONTRACT.md "Unfinished checkouts"), the SMS too (probe 10).
    expect(text.message).toMatch(/ No more reminders: http:\/\/shop\.test\/payment\/stop-reminders\?token=\S+$/);
    expect(remindersTo(order.email).map((mail) => mail.subject)).toEqual([`Your order ${order.order.orderNumber} is waiting for you`]);
    expect(remindersTo(order.email)[0].text).toContain("1 × Velvet Bow — 4.25 KD");
    expect(remindersTo(order.email)[0].text.replace(/\r\n/g, "\n")).toContain("Products total: 4.25 KD\nDelivery fee: 1.00 KD\nTotal: 5.25 KD");
    expect(whatsAppTo(order.phone)).toHaveLength(0);

    await remindUnpaidOrders(order.at(20 * HOUR + 1000));
    await drainOutbox();
    expect(remindersTo(order.email)).toHaveLength(2);
    expect(smsTo(order.phone)).toHaveLength(2);
    // PAYMENT_REMINDERS has two delays: after them, no more.
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { nextReminderAt: true, reminderStep: true } })).toEqual({ nextReminderAt: null, reminderStep: 2 });
  });

  it("is not sent once the order is paid or cancelled, or when its units are gone", async () => {
    const paid = await place({ ago: 5 * MINUTE });
    expect((await pay(paid.orderSessionId))?.state).toBe("paid");
    const cancelled = await place({ ago: 5 * MINUTE });
    expect((await cancelUnpaidOrder(cancelled.orderSessionId)).outcome).toBe("cancelled");
    const soldOut = await place({ ago: HOUR + MINUTE, stock: 1 });
    await holdsEnd(soldOut);
    // Another shopper bought the last piece after the hold ended.
    await prisma.product.update({ where: { id: soldOut.product.id }, data: { stockQuantity: 0 } });

    await remindUnpaidOrders(new Date(Date.now() + HOUR));
    await drainOutbox();
    for (const order of [paid, cancelled, soldOut]) expect(remindersTo(order.email)).toHaveLength(0);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: cancelled.order.id }, select: { status: true, nextReminderAt: true } })).toEqual({ status: "cancelled", nextReminderAt: null });
    // A cancelled order's link no longer pays it.
    expect(await pay(cancelled.orderSessionId)).toBeNull();
  });

  it("is not sent while the owner's setting is off, through the settings API; one that came due meanwhile is passed over", async () => {
    const { cookie } = await adminCookie();
    const before = await getShopSettings();
    const put = (body: unknown) => runChecked(settingsApi.action, request("/api/admin/settings", { method: "PUT", cookie, json: body }));
    try {
      const refused = await put({ paymentReminders: "no" });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.paymentReminders).toHaveLength(1);
      expect((await getShopSettings()).paymentReminders).toBe(true);

      const off = await put({ paymentReminders: false });
      expect(off.status).toBe(200);
      expect(((await off.json()) as { paymentReminders: boolean }).paymentReminders).toBe(false);
      const order = await place({ ago: HOUR + MINUTE });
      await holdsEnd(order);
      await remindUnpaidOrders(order.at(HOUR + 1000));
      await drainOutbox();
      expect(remindersTo(order.email)).toHaveLength(0);

      expect((await put({ paymentReminders: true })).status).toBe(200);
      await remindUnpaidOrders(order.at(2 * HOUR));
      await drainOutbox();
      expect(remindersTo(order.email)).toHaveLength(0);
      await remindUnpaidOrders(order.at(20 * HOUR + 1000));
      await drainOutbox();
      expect(remindersTo(order.email)).toHaveLength(1);
    } finally {
      await saveShopSettings({ paymentReminders: before.paymentReminders });
    }
  });

  it("is turned off and on again by the settings page's checkbox, a plain form post", async () => {
    const { cookie } = await adminCookie();
    const before = await getShopSettings();
    const save = async (ticked: boolean) => {
      const form = new URLSearchParams({ shopNameEn: "Lulu Bows", shopNameAr: "فيونكات لولو", contactEmail: "hello@lulu.example", contactPhone: "60000000" });
      if (ticked) form.set("paymentReminders", "on");
      const answer = (await settingsPage.action({ request: request("/admin/timsar/settings", { method: "POST", cookie, body: form }), params: {}, context: { cspNonce: "" } })) as Response;
      expect(answer.status).toBe(303);
      return (await getShopSettings()).paymentReminders;
    };
    try {
      expect(await save(false)).toBe(false);
      const page = (await settingsPage.loader({ request: request("/admin/timsar/settings", { cookie }), params: {}, context: { cspNonce: "" } })) as { values: { paymentReminders: string } };
      expect(page.values.paymentReminders).toBe("");
      expect(await save(true)).toBe(true);
    } finally {
      await saveShopSettings(before);
    }
  });

  it("carries a link that stops the reminders of its order only, from a page that works without JavaScript", async () => {
    const order = await place({ ago: HOUR + MINUTE, language: "en" });
    const other = await place({ ago: HOUR + MINUTE, language: "en" });
    await holdsEnd(order);
    await remindUnpaidOrders(order.at(HOUR + 1000));
    await drainOutbox();
    const stop = new URL(linksOf(remindersTo(order.email)[0].html).stop);
    const token = stop.searchParams.get("token")!;
    const context = { cspNonce: "" };

    const asked = (await stopPage.loader({ request: request(`${stop.pathname}${stop.search}`, { cookie: "lang=en" }), params: {}, context })) as { orderNumber: string; stopped: boolean };
    expect(asked).toMatchObject({ orderNumber: order.order.orderNumber, stopped: false });
    // A token changed by one character, or one made for another order, stops nothing.
    const forged = `${other.order.id}.${token.split(".").at(-1)}`;
    const refused = (await stopPage.action({ request: request(stop.pathname, { method: "POST", body: new URLSearchParams({ token: forged }) }), params: {}, context })) as { init: { status: number } | null };
    expect(refused.init?.status).toBe(404);
    const unknown = (await stopPage.loader({ request: request(`${stop.pathname}?token=${encodeURIComponent(`${token}x`)}`), params: {}, context })) as { init: { status: number } | null; data: { orderNumber: null } };
    expect(unknown.init?.status).toBe(404);

    const done = (await stopPage.action({ request: request(stop.pathname, { method: "POST", body: new URLSearchParams({ token }) }), params: {}, context })) as Response;
    expect(done.status).toBe(303);
    expect(((await stopPage.loader({ request: request(`${stop.pathname}${stop.search}`), params: {}, context })) as { stopped: boolean }).stopped).toBe(true);

    await remindUnpaidOrders(order.at(20 * HOUR + 1000));
    await drainOutbox();
    expect(remindersTo(order.email)).toHaveLength(1);
    expect(remindersTo(other.email)).toHaveLength(2);
    // Stopping the reminders does not stop the order: its link still pays it.
    expect((await pay(order.orderSessionId))?.state).toBe("paid");
  });
});

describe("paying late, after the hold ended", () => {
  const context = { cspNonce: "", clientAddress: "203.0.113.45" };

  it("takes the units again when they are still for sale, at the order's price though the product's changed", async () => {
    const order = await place({ ago: 30 * MINUTE, priceFils: 4250 });
    await holdsEnd(order);
    await prisma.product.update({ where: { id: order.product.id }, data: { priceFils: 9000 } });

    const page = (await paymentPage.loader({ request: request(`/payment?orderSessionId=${order.orderSessionId}`, { cookie: "lang=en" }), params: {}, context })) as {
      state: string;
      payment: { late: boolean; amountFils: number };
    };
    expect(page.state).toBe("ready");
    expect(page.payment).toMatchObject({ late: true, amountFils: 5250 });

    const form = new URLSearchParams({ orderSessionId: order.orderSessionId, cardholderName: "Sara Ahmad", cardNumber: APPROVED, month: "12", year: "39", cvv: "123" });
    const answer = await paymentPage.action({ request: request("/payment", { method: "POST", body: form, cookie: "lang=en" }), params: {}, context }).catch((thrown: unknown) => thrown);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe(`/payment-success?orderNumber=${order.order.orderNumber}`);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { paymentStatus: true, totalFils: true } })).toEqual({ paymentStatus: "paid", totalFils: 5250 });
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 4, heldQuantity: 0 });
    expect((await prisma.payment.findFirstOrThrow({ where: { orderId: order.order.id, status: "paid" } })).amountFils).toBe(5250);
  });

  it("says clearly, in both languages, that they sold out, and charges nothing", async () => {
    const order = await place({ ago: 30 * MINUTE, stock: 1 });
    await holdsEnd(order);
    await prisma.product.update({ where: { id: order.product.id }, data: { stockQuantity: 0 } });
    const paymentsBefore = await prisma.payment.count({ where: { orderId: order.order.id } });

    for (const [language, words] of [
      ["ar", "نفدت قطع من هذا الطلب"],
      ["en", "pieces of this order sold out"],
    ] as const) {
      const page = (await paymentPage.loader({ request: request(`/payment?orderSessionId=${order.orderSessionId}`, { cookie: `lang=${language}` }), params: {}, context })) as {
        state: string;
        message: string;
        payment: null;
      };
      expect(page).toMatchObject({ state: "soldOut", payment: null });
      expect(page.message).toContain(words);
    }

    // A card posted anyway (a page opened before they sold out): refused with the same words, nothing started or charged.
    const form = new URLSearchParams({ orderSessionId: order.orderSessionId, cardholderName: "Sara Ahmad", cardNumber: APPROVED, month: "12", year: "39", cvv: "123" });
    const answer = (await paymentPage.action({ request: request("/payment", { method: "POST", body: form, cookie: "lang=en" }), params: {}, context })) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(answer.init.status).toBe(409);
    expect(JSON.stringify(answer.data.result.error)).toContain("pieces of this order sold out");
    expect(await prisma.payment.count({ where: { orderId: order.order.id } })).toBe(paymentsBefore);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "failed" });
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 0, heldQuantity: 0 });
  });
});

describe("paying late takes the order's discount code and delivery window again, under their rules", () => {
  const context = { cspNonce: "", clientAddress: "203.0.113.46" };
  const OWNER = { id: "owner-of-late-payments", email: "owner@example.com", role: "owner" };

  /** The card page's post, as the shopper's browser sends it: the answer's status and its form error. */
  async function postCard(orderSessionId: string, language: "ar" | "en") {
    const form = new URLSearchParams({ orderSessionId, cardholderName: "Sara Ahmad", cardNumber: APPROVED, month: "12", year: "39", cvv: "123" });
    const answer = await paymentPage.action({ request: request("/payment", { method: "POST", body: form, cookie: `lang=${language}` }), params: {}, context }).catch((thrown: unknown) => thrown);
    if (answer instanceof Response) return { status: answer.status, error: "" };
    const refused = answer as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    return { status: refused.init.status, error: JSON.stringify(refused.data.result.error) };
  }

  it("refuses, in both languages and charging nothing, a code that another shopper used up meanwhile", async () => {
    const coupon = await createCoupon(prisma, { kind: "fixed", value: 500, maxUses: 1 });
    const order = await place({ ago: 30 * MINUTE, couponCode: coupon.code });
    await holdsEnd(order);
    // Its hold ended, the code's one use was free again, and another shopper used it.
    const other = await place({ ago: MINUTE, couponCode: coupon.code });
    expect((await pay(other.orderSessionId))?.state).toBe("paid");
    const paymentsBefore = await prisma.payment.count({ where: { orderId: order.order.id } });

    expect(await postCard(order.orderSessionId, "en")).toEqual({ status: 409, error: expect.stringContaining("the discount code on this order can no longer be used") });
    expect(await postCard(order.orderSessionId, "ar")).toEqual({ status: 409, error: expect.stringContaining("لم يعد بالإمكان استخدام كود الخصم") });
    expect(await prisma.payment.count({ where: { orderId: order.order.id } })).toBe(paymentsBefore);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "failed" });
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });
    expect(await prisma.couponUse.count({ where: { couponId: coupon.id } })).toBe(1);
  });

  it("refuses a code the same customer used up meanwhile, and counts the code's use when it is still to be had", async () => {
    const once = await createCoupon(prisma, { kind: "fixed", value: 500, maxUsesPerCustomer: 1 });
    const order = await place({ ago: 30 * MINUTE, couponCode: once.code });
    await holdsEnd(order);
    // The same phone orders again with the code, and pays.
    const again = await placeOrderAndStartPayment({
      details: checkoutDetails(order.city, { email: uniqueEmail("again"), phone: order.phone, fullName: "Sara Ahmad" }),
      lines: [{ productId: order.product.id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "ar",
      couponCode: once.code,
    });
    expect((await pay(again.orderSessionId))?.state).toBe("paid");
    expect((await postCard(order.orderSessionId, "en")).status).toBe(409);

    const twice = await createCoupon(prisma, { kind: "fixed", value: 500, maxUses: 2 });
    const kept = await place({ ago: 30 * MINUTE, couponCode: twice.code });
    await holdsEnd(kept);
    expect(await prisma.couponUse.count({ where: { couponId: twice.id } })).toBe(0);
    expect((await postCard(kept.orderSessionId, "en")).status).toBe(303);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: kept.order.id }, select: { paymentStatus: true, discountFils: true } })).toEqual({ paymentStatus: "paid", discountFils: 500 });
    expect(await prisma.couponUse.count({ where: { couponId: twice.id } })).toBe(1);
  });

  it("refuses, in both languages, a delivery window that filled meanwhile, and charges nothing", async () => {
    await saveDeliverySlotSettings({ windows: [{ from: "09:00", to: "12:00", capacity: 1, days: [0, 1, 2, 3, 4, 5, 6] }], sameDayCutoff: null, closedDates: [] }, OWNER);
    const placed: string[] = [];
    try {
      const [window] = (await getDeliverySlotSettings()).windows;
      const tomorrow = new Date(Date.parse(`${todayInKuwait()}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
      const slot = { date: tomorrow, windowId: window.id };
      const order = await place({ ago: 30 * MINUTE, deliverySlot: slot });
      placed.push(order.order.id);
      await holdsEnd(order);
      // The window's one place was free again, and another shopper took it.
      const other = await place({ ago: MINUTE, deliverySlot: slot });
      placed.push(other.order.id);
      expect((await pay(other.orderSessionId))?.state).toBe("paid");

      expect(await postCard(order.orderSessionId, "en")).toEqual({ status: 409, error: expect.stringContaining("the delivery time chosen for this order is no longer available") });
      expect(await postCard(order.orderSessionId, "ar")).toEqual({ status: 409, error: expect.stringContaining("لم يعد موعد التوصيل المختار") });
      expect(await prisma.order.count({ where: { deliveryWindowId: window.id, deliveryDate: tomorrow, paymentStatus: "paid" } })).toBe(1);
      expect(await prisma.order.findUniqueOrThrow({ where: { id: order.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "failed" });
      expect(await stock(order.product.id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });
    } finally {
      // Windows are the shop's: the other tests of this file place orders without one. And the orders that held this
      // one leave the admin's list of tomorrow's deliveries, which a later file of this worker reads.
      await saveDeliverySlotSettings({ windows: [], sameDayCutoff: null, closedDates: [] }, OWNER);
      await prisma.order.updateMany({ where: { id: { in: placed } }, data: { status: "cancelled" } });
    }
  });
});

describe("a hold that ended before the timed pass released it (probe 9, finding 1)", () => {
  const context = { cspNonce: "", clientAddress: "203.0.113.47" };
  const OWNER = { id: "owner-of-ended-holds", email: "owner@example.com", role: "owner" };

  /** Two orders after the same last use of a code, or the same last place of a window: the first one's hold ended. */
  async function firstHoldEndedThenOtherPaid(kind: "code" | "window") {
    let forOrder: { couponCode?: string; deliverySlot?: { date: string; windowId: string } };
    if (kind === "code") {
      forOrder = { couponCode: (await createCoupon(prisma, { kind: "fixed", value: 500, maxUses: 1 })).code };
    } else {
      await saveDeliverySlotSettings({ windows: [{ from: "13:00", to: "16:00", capacity: 1, days: [0, 1, 2, 3, 4, 5, 6] }], sameDayCutoff: null, closedDates: [] }, OWNER);
      const [window] = (await getDeliverySlotSettings()).windows;
      const tomorrow = new Date(Date.parse(`${todayInKuwait()}T12:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
      forOrder = { deliverySlot: { date: tomorrow, windowId: window.id } };
    }
    const first = await place({ ago: RESERVATION_MINUTES * MINUTE + MINUTE, ...forOrder });
    // Its hold ended a minute ago and the pass has not come: it is still unpaid, and its units still held.
    expect(await prisma.order.findUniqueOrThrow({ where: { id: first.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "unpaid" });
    const other = await place({ ago: MINUTE, ...forOrder });
    placed.push(first.order.id, other.order.id);
    expect((await pay(other.orderSessionId))?.state).toBe("paid");
    const where = forOrder.deliverySlot ? { deliveryWindowId: forOrder.deliverySlot.windowId, deliveryDate: forOrder.deliverySlot.date } : { couponCode: forOrder.couponCode };
    const paidWithIt = () => prisma.order.count({ where: { ...where, paymentStatus: "paid" } });
    return { first, other, paidWithIt };
  }

  const placed: string[] = [];
  afterEach(async () => {
    await saveDeliverySlotSettings({ windows: [], sameDayCutoff: null, closedDates: [] }, OWNER);
    // The orders that held a window leave the admin's list of tomorrow's deliveries, which a later file reads.
    await prisma.order.updateMany({ where: { id: { in: placed.splice(0) } }, data: { status: "cancelled" } });
  });

  it.each(["code", "window"] as const)("is not paid with the card page when its %s went to another order meanwhile, and nothing is charged", async (kind) => {
    const { first, paidWithIt } = await firstHoldEndedThenOtherPaid(kind);
    const form = new URLSearchParams({ orderSessionId: first.orderSessionId, cardholderName: "Sara Ahmad", cardNumber: APPROVED, month: "12", year: "39", cvv: "123" });
    const answer = (await paymentPage.action({ request: request("/payment", { method: "POST", body: form, cookie: "lang=ar" }), params: {}, context }).catch((thrown: unknown) => thrown)) as {
      init: { status: number };
      data: { result: { error: Record<string, string[]> } };
    };
    expect(answer.init?.status).toBe(409);
    expect(JSON.stringify(answer.data.result.error)).toContain(kind === "code" ? "لم يعد بالإمكان استخدام كود الخصم" : "لم يعد موعد التوصيل المختار");
    expect(await paidWithIt()).toBe(1);
    expect(await prisma.payment.count({ where: { orderId: first.order.id, status: "paid" } })).toBe(0);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: first.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "unpaid" });
  });

  it.each(["code", "window"] as const)("is not paid when the gateway takes the money after its %s went to another order: its units go back, the owner refunds", async (kind) => {
    const { first, paidWithIt } = await firstHoldEndedThenOtherPaid(kind);
    // The shopper was still on the gateway's page, opened while her hold lasted, and paid there.
    const attempt = await prisma.payment.findUniqueOrThrow({ where: { id: first.orderSessionId } });
    await testProvider.submitCard(attempt.providerPaymentId!, { cardNumber: APPROVED });
    expect((await confirmPayment(first.orderSessionId))?.state).toBe("failed");
    expect(await paidWithIt()).toBe(1);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: first.order.id }, select: { paymentStatus: true } })).toEqual({ paymentStatus: "failed" });
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: first.orderSessionId }, select: { status: true } })).toEqual({ status: "paid" });
    expect(await stock(first.product.id)).toEqual({ stockQuantity: 5, heldQuantity: 0 });
  });

  it("is paid when the gateway takes the money after it ended and its code is still to be had", async () => {
    const coupon = await createCoupon(prisma, { kind: "fixed", value: 500, maxUses: 1 });
    const order = await place({ ago: RESERVATION_MINUTES * MINUTE + MINUTE, couponCode: coupon.code });
    const attempt = await prisma.payment.findUniqueOrThrow({ where: { id: order.orderSessionId } });
    await testProvider.submitCard(attempt.providerPaymentId!, { cardNumber: APPROVED });
    expect((await confirmPayment(order.orderSessionId))?.state).toBe("paid");
    expect(await prisma.couponUse.count({ where: { couponId: coupon.id } })).toBe(1);
    expect(await stock(order.product.id)).toEqual({ stockQuantity: 4, heldQuantity: 0 });
  });
});

describe("what the reminders won back", () => {
  it("is counted on the dashboard for the last 30 days, and in the sales report and GET /api/admin/sales-report for its range", async () => {
    const today = todayInKuwait();
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 24 * HOUR).toISOString().slice(0, 10);
    const { cookie } = await adminCookie();
    const report = async () => {
      const response = await runChecked(salesReportApi.loader, request(`/api/admin/sales-report?dateFrom=${yesterday}&dateTo=${today}`, { cookie }), {}, { cspNonce: "" });
      return (await response.json()) as { recoveredOrders: number; recoveredAmount: number };
    };
    const dashboardBefore = (await getDashboardFigures()).recovered;
    const reportBefore = await report();

    // Paid after its reminder: won back. Paid without one: a sale like any other.
    const reminded = await place({ ago: HOUR + MINUTE, priceFils: 3000 });
    await holdsEnd(reminded);
    await remindUnpaidOrders(reminded.at(HOUR + 1000));
    expect((await pay(reminded.orderSessionId))?.state).toBe("paid");
    const plain = await place({ ago: MINUTE, priceFils: 7000 });
    expect((await pay(plain.orderSessionId))?.state).toBe("paid");

    expect((await getDashboardFigures()).recovered).toEqual({ orderCount: dashboardBefore.orderCount + 1, amountFils: dashboardBefore.amountFils + 4000 });
    const after = await report();
    expect(after.recoveredOrders).toBe(reportBefore.recoveredOrders + 1);
    expect(Math.round((after.recoveredAmount - reportBefore.recoveredAmount) * 1000)).toBe(4000);
  });
});
