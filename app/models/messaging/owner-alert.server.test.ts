/**
 * The owner hears of each paid order on her phone (issue 45, point 5), against the local fakes of WhatsApp Cloud API
 * and kwtSMS: with `ownerAlertsPhone` set, a paid order sends her the `owner_new_order` template in Arabic with the
 * order number, the amount, the area and the order's admin page, once however many confirmations race; with it unset
 * nothing goes to a phone of hers; a WhatsApp refusal comes again as an SMS. (WhatsApp off: owner-alert-sms.server.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { confirmPayment, placeOrderAndStartPayment, verifyOrderPayment } from "~/models/payments/index.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { orderDetailJson } from "~/api/answers/orders.server";
import { checkoutDetails } from "../../../tests/factories/order";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail, uniquePhone } from "../../../tests/factories/unique";
import { startFakePhoneChannels } from "../../../tests/support/phone-channels";

const { whatsApp, sms } = await startFakePhoneChannels("owner-alert");
// Before the first getEnv() of this file's module graph: the channels read the validated variables once.
Object.assign(process.env, {
  APP_URL: "https://timsar.example",
});

// The settings are the worker's database's: put back what was there for the files that run after this one.
const before = await getShopSettings();
afterAll(async () => {
  await saveShopSettings({ ownerAlertsPhone: before.ownerAlertsPhone });
  await Promise.all([whatsApp.close(), sms.close()]);
});

/** A paid order of 2 × 4.250 KD delivered to an area of its own (fee 2.000 KD), paid through the test provider. */
async function placeAndPay(options: { confirmations?: number } = {}) {
  const city = await createDeliveryArea(prisma, 2000);
  const product = await createProduct(prisma, { priceFils: 4250, stockQuantity: 5 });
  const shopperPhone = uniquePhone();
  const placed = await placeOrderAndStartPayment({
    details: checkoutDetails(city, { email: uniqueEmail(), phone: shopperPhone }),
    lines: [{ productId: product.id, quantity: 2, customTags: [] }],
    customerId: null,
    language: "en",
  });
  const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
  await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
  // The webhook, the return page and a second server, all at once.
  const racing = options.confirmations ?? 1;
  const outcomes = await Promise.all(
    Array.from({ length: racing }, (_, index) => (index % 2 === 0 ? confirmPayment(placed.orderSessionId) : verifyOrderPayment(placed.order.id))),
  );
  expect(outcomes.every((outcome) => outcome?.state === "paid")).toBe(true);
  await drainOutbox();
  return { order: placed.order, shopperPhone };
}

const whatsAppTo = (phone: string) => [...whatsApp.messages.values()].filter((message) => message.to === `965${phone}`);
const smsTo = (phone: string) => [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`);

describe("the owner's alert of a paid order", () => {
  let ownerPhone: string;
  beforeAll(async () => {
    ownerPhone = uniquePhone();
    await saveShopSettings({ ownerAlertsPhone: ownerPhone });
  });

  it("goes once by WhatsApp as owner_new_order in Arabic with the number, amount, area and admin link, however many confirmations race", async () => {
    const { order } = await placeAndPay({ confirmations: 4 });
    await drainOutbox();

    const alerts = whatsAppTo(ownerPhone).filter((message) => message.parameters[0] === order.orderNumber);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ template: "owner_new_order", language: "ar" });
    // 8.500 KD of products and 2.000 KD delivery, in Arabic digits, the amount kept left to right.
    expect(alerts[0].parameters).toEqual([order.orderNumber, "\u2066١٠٫٥٠\u2069 د.ك", "حولي", `https://timsar.example/admin/timsar/orders/${order.id}`]);
    expect(smsTo(ownerPhone)).toHaveLength(0);
    // The shopper's own messages are listed on the admin order; the owner's alert is not one of them.
    const detail = orderDetailJson((await getAdminOrder(order.id))!);
    expect(detail.messages.map((message) => message.kind)).not.toContain("ownerNewOrder");
    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id, kind: "ownerNewOrder" } });
    expect(rows.map((row) => [row.channel, row.status, row.recipient])).toEqual([["whatsapp", "sent", `965${ownerPhone}`]]);
  });

  it("comes as an SMS when WhatsApp refuses her number for good", async () => {
    whatsApp.failNext(1, { code: 131026, to: `965${ownerPhone}` });
    // The shopper did not choose WhatsApp (their confirmation goes by SMS), so the owner's alert is the one refused.
    const { order } = await placeAndPay();
    await drainOutbox();
    const texts = smsTo(ownerPhone).filter((text) => text.message.includes(order.orderNumber));
    expect(texts).toHaveLength(1);
    // An SMS carries no direction marks (kwtSMS's text rules): the amount is plain Arabic digits.
    expect(texts[0].message).toBe(`طلب مدفوع جديد ${order.orderNumber}، ١٠٫٥٠ د.ك، حولي. https://timsar.example/admin/timsar/orders/${order.id}`);
  });

  it("goes nowhere once she clears the phone, while her e-mail notice and the shopper's messages still go", async () => {
    await saveShopSettings({ ownerAlertsPhone: null });
    const { order } = await placeAndPay();
    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id }, select: { kind: true, channel: true } });
    expect(rows.filter((row) => row.kind === "ownerNewOrder")).toEqual([]);
    expect(rows).toContainEqual({ kind: "ownerPaid", channel: "email" });
    expect(rows).toContainEqual({ kind: "paid", channel: "email" });
    expect(whatsAppTo(ownerPhone).filter((message) => message.parameters[0] === order.orderNumber)).toHaveLength(0);
  });
});
