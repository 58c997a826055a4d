/**
 * The owner's notices (issue 16), read from a real SMTP server on loopback: the paid-order mail goes once however
 * many confirmations race, and the low-stock digest goes once per Kuwait day from 08:00, listing what is low.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { listAdminProducts, kuwaitDayAndHour, listLowStockProducts, sendLowStockDigestIfDue } from "~/models/catalogue/index.server";
import { startOutbox } from "./outbox.server";
import { nudgeOutbox } from "~/models/messaging/index.server";
import { confirmPayment, verifyOrderPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { saveShopSettings } from "~/models/shop/index.server";
import { createCoupon } from "../../../tests/factories/coupon";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail } from "../../../tests/factories/unique";
import { startSmtpServer } from "../../../tests/setup/smtp";

// getEnv() has not been read yet in this process (vitest runs each file in its own).
const smtp = await startSmtpServer();
const ownerEmail = uniqueEmail();
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url, OWNER_EMAIL: ownerEmail });
// The outbox's sender, as a server runs it: the paid-order mail goes after the commit that queued it (decision 0054).
const stopOutbox = startOutbox({ intervalMs: 200 });
afterAll(async () => {
  await stopOutbox();
  if (smtp.isListening()) await smtp.close();
});

const toOwner = () => smtp.received.filter((mail) => mail.to.includes(ownerEmail));
// Each call that sends a mail awaits the SMTP server's acceptance before it returns, and the test's server files a
// mail before accepting it (tests/setup/smtp.ts): once the calls have returned, no mail is still on its way.

describe("the owner's mail for a paid order", () => {
  it("goes once to OWNER_EMAIL with the items, totals, address, customer and the admin link, however many confirmations race", async () => {
    const city = await createDeliveryArea(prisma, 2000);
    const product = await createProduct(prisma, { nameEn: "Velvet Bow", nameAr: "فيونكة مخملية", priceFils: 4250, stockQuantity: 5 });
    const coupon = await createCoupon(prisma, { kind: "percent", value: 20 });
    const email = uniqueEmail();
    const placed = await placeOrderAndStartPayment({
      details: checkoutDetails(city, { email, fullName: "Sara Ahmad", phone: "60001234", notes: "Ring twice" }),
      lines: [{ productId: product.id, quantity: 2, customTags: [] }],
      customerId: null,
      language: "ar",
      couponCode: coupon.code,
    });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    const before = toOwner().length;

    // The webhook, the return page and a second server, all at once.
    const outcomes = await Promise.all([
      confirmPayment(placed.orderSessionId),
      confirmPayment(placed.orderSessionId),
      verifyOrderPayment(placed.order.id),
    ]);
    expect(outcomes.map((outcome) => outcome?.state)).toEqual(["paid", "paid", "paid"]);
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");

    await expect.poll(() => toOwner().length - before, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
    expect(toOwner().length - before).toBe(1);

    const mail = toOwner().at(-1)!;
    const number = placed.order.orderNumber;
    expect(mail.subject).toBe(`New paid order ${number} (8.80 KD) / طلب مدفوع جديد ${number}`);
    for (const line of [
      `Order ${number} was paid.`,
      "2 × Velvet Bow — 8.50 KD",
      "Products total: 8.50 KD",
      `Discount (${coupon.code}): -1.70 KD`,
      "Delivery fee: 2.00 KD",
      "Total: 8.80 KD",
      `Customer: Sara Ahmad, 60001234, ${email}`,
      "Block 3, Street Tunis, No. 12, Building 7",
      "Floor 2, Apt/House 5",
      "Notes: Ring twice",
      `Open the order: http://shop.test/admin/timsar/orders/${placed.order.id}`,
      // Order numbers and amounts are left-to-right islands in the Arabic part (issue 28).
      `تم دفع الطلب \u2066${number}\u2069.`,
      "٢ × فيونكة مخملية — \u2066٨٫٥٠\u2069 د.ك",
      `الخصم (${coupon.code}): \u2066-١٫٧٠\u2069 د.ك`,
      "قطعة 3، شارع Tunis، رقم 12، مبنى 7",
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain(`href="http://shop.test/admin/timsar/orders/${placed.order.id}"`);
  });
});

describe("the owner's mail for a paid gift", () => {
  it("adds the wrapping line, so its lines add up to the total, and gives the wrap, the note and the recipient to prepare the parcel", async () => {
    await saveShopSettings({ giftWrapFils: 750 });
    try {
      const city = await createDeliveryArea(prisma, 1800);
      const product = await createProduct(prisma, { nameEn: "Silk Scarf", nameAr: "وشاح حرير", priceFils: 7250, stockQuantity: 5 });
      const email = uniqueEmail();
      const placed = await placeOrderAndStartPayment({
        details: checkoutDetails(city, { email, fullName: "Sara Ahmad" }),
        lines: [{ productId: product.id, quantity: 2, customTags: [] }],
        customerId: null,
        language: "en",
        couponCode: null,
        gift: { note: "Happy birthday, Maryam!", wrap: true, recipientName: "Maryam", recipientPhone: "51234567" },
      });
      expect(placed.order.totalFils).toBe(14500 + 1800 + 750);
      const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
      await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
      expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");

      const number = placed.order.orderNumber;
      await expect.poll(() => toOwner().filter((mail) => mail.subject.includes(number)).length, { timeout: 10_000 }).toBe(1);
      const mail = toOwner().find((each) => each.subject.includes(number))!;
      // Lines as the reader sees them, one under the other (the mail travels with CRLF line ends).
      const text = mail.text.replace(/\r\n/g, "\n");
      for (const line of [
        "2 × Silk Scarf — 14.50 KD",
        "Products total: 14.50 KD\nDelivery fee: 1.80 KD\nGift wrapping: 0.75 KD\nTotal: 17.05 KD",
        "This order is a gift.\nWrap it as a gift.\nGift note, for the packing slip: Happy birthday, Maryam!\nRecipient: Maryam, 51234567",
        "تغليف الهدية: \u2066٠٫٧٥\u2069 د.ك",
        "هذا الطلب هدية.\nغلّفه كهدية.\nرسالة الهدية لورقة التغليف: Happy birthday, Maryam!\nالمستلم: Maryam، \u206651234567\u2069",
      ]) {
        expect(text).toContain(line);
      }
      expect(mail.html).toContain("Recipient: Maryam, 51234567");

      // The shopper's own confirmation adds up too.
      await expect.poll(() => smtp.received.filter((each) => each.to.includes(email)).length, { timeout: 10_000 }).toBe(1);
      const shopper = smtp.received.find((each) => each.to.includes(email))!;
      expect(shopper.text.replace(/\r\n/g, "\n")).toContain("Delivery fee: 1.80 KD\nGift wrapping: 0.75 KD\nTotal: 17.05 KD");
      expect(shopper.html).toContain("Gift wrapping: 0.75 KD");
    } finally {
      await saveShopSettings({ giftWrapFils: null });
    }
  });

  it("says nothing of a gift for an order that is not one", async () => {
    const city = await createDeliveryArea(prisma, 1800);
    const product = await createProduct(prisma, { priceFils: 7250, stockQuantity: 5 });
    const placed = await placeOrderAndStartPayment({
      details: checkoutDetails(city, { email: uniqueEmail() }),
      lines: [{ productId: product.id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "en",
      couponCode: null,
    });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    await confirmPayment(placed.orderSessionId);
    const number = placed.order.orderNumber;
    await expect.poll(() => toOwner().filter((mail) => mail.subject.includes(number)).length, { timeout: 10_000 }).toBe(1);
    const { text } = toOwner().find((each) => each.subject.includes(number))!;
    expect(text).not.toMatch(/gift|wrapping|هدية|تغليف/i);
  });
});

describe("low stock", () => {
  it("is a visible product whose units for sale are at or below its own threshold", async () => {
    const below = await createProduct(prisma, { stockQuantity: 2 });
    const equal = await createProduct(prisma, { stockQuantity: 3 });
    const above = await createProduct(prisma, { stockQuantity: 4 });
    const ownThreshold = await createProduct(prisma, { stockQuantity: 9, lowStockThreshold: 10 });
    const zero = await createProduct(prisma, { stockQuantity: 1, lowStockThreshold: 0 });
    const hidden = await createProduct(prisma, { stockQuantity: 0, isVisible: false });
    expect(below.lowStockThreshold).toBe(3);

    const low = new Set((await listLowStockProducts()).map((product) => product.id));
    expect([below, equal, ownThreshold].every((product) => low.has(product.id))).toBe(true);
    expect([above, zero, hidden].some((product) => low.has(product.id))).toBe(false);

    const filtered = await listAdminProducts({ categoryId: below.categoryId, stock: "low" });
    expect(filtered.map((product) => product.id)).toEqual([below.id]);
    expect(await listAdminProducts({ categoryId: above.categoryId, stock: "low" })).toEqual([]);
    expect((await listAdminProducts({ categoryId: above.categoryId })).map((product) => product.id)).toEqual([above.id]);
  });

  it("is e-mailed to the owner once per Kuwait day from 08:00, even when several servers ask at once", async () => {
    const low = await createProduct(prisma, { nameEn: "Last satin bow", nameAr: "آخر فيونكة ساتان", stockQuantity: 1, lowStockThreshold: 4 });
    // Days far ahead of the real one, so the shared database's last digest day is always behind them.
    const day = (date: string, kuwaitTime: string) => new Date(`${date}T${kuwaitTime}:00+03:00`);
    expect(kuwaitDayAndHour(new Date("2040-03-01T21:30:00Z"))).toEqual({ day: "2040-03-02", hour: 0 });

    expect(await sendLowStockDigestIfDue(day("2040-03-02", "07:59"))).toBe("early");
    const before = toOwner().length;
    const passes = await Promise.all([0, 1, 2].map(() => sendLowStockDigestIfDue(day("2040-03-02", "08:00"))));
    expect(passes.filter((outcome) => outcome === "sent")).toHaveLength(1);
    expect(passes.filter((outcome) => outcome === "alreadySent")).toHaveLength(2);
    expect(await sendLowStockDigestIfDue(day("2040-03-02", "23:59"))).toBe("alreadySent");

    await expect.poll(() => toOwner().length - before, { timeout: 10_000 }).toBe(1);
    const mail = toOwner().at(-1)!;
    expect(mail.subject).toMatch(/^Low stock 2040-03-02: \d+ products \/ مخزون منخفض: [٠-٩]+ منتجات$/);
    expect(mail.text).toContain(`Last satin bow: 1 left (alert at 4) http://shop.test/admin/timsar/products/edit/${low.id}`);
    expect(mail.text).toContain(`آخر فيونكة ساتان: المتبقي ١ (التنبيه عند ٤) http://shop.test/admin/timsar/products/edit/${low.id}`);
    expect(mail.text).toContain("http://shop.test/admin/timsar/products?stock=low");

    expect(await sendLowStockDigestIfDue(day("2040-03-03", "08:15"))).toBe("sent");
    await expect.poll(() => toOwner().length - before, { timeout: 10_000 }).toBe(2);
    expect(toOwner().length - before).toBe(2);
  });

  it("keeps the day's digest in the outbox while the mail server is down, and sends it once when the server is back", async () => {
    await createProduct(prisma, { stockQuantity: 0 });
    const at = new Date("2040-04-01T09:00:00+03:00");
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    expect(await sendLowStockDigestIfDue(at)).toBe("sent");
    expect(await sendLowStockDigestIfDue(at)).toBe("alreadySent");
    const { id } = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: ownerEmail, params: { contains: "Low stock 2040-04-01" } } });
    const queued = () => prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    // The sender tried, failed, and waits to try again.
    await expect.poll(async () => (await queued()).attempts, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await queued()).status).toBe("queued");

    const reopened = await startSmtpServer(port);
    try {
      // The retry's wait, passed; the nudge sends it at once (the timer's pass waits for the outbox's lease, which a
      // server of an earlier test file in this worker may still hold).
      await prisma.outboxMessage.update({ where: { id }, data: { nextAttemptAt: new Date() } });
      nudgeOutbox();
      const mail = await reopened.waitForMail(ownerEmail);
      expect(mail.subject).toContain("Low stock 2040-04-01");
      await expect.poll(async () => (await queued()).status, { timeout: 10_000 }).toBe("sent");
      expect(reopened.received.filter((each) => each.subject.includes("Low stock 2040-04-01"))).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
