/**
 * The owner's alert of a paid order when the shop has no WhatsApp (issue 45, point 5): it goes to her phone as one
 * kwtSMS text, in Arabic, with the order number, the amount, the area and the order's admin page.
 */
import { afterAll, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { confirmPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { fitsTwoSmsParts } from "~/messages/kwtsms.server";
import { checkoutDetails } from "../../../tests/factories/order";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail, uniquePhone } from "../../../tests/factories/unique";
import { startFakeKwtSms } from "../../../tests/fakes/kwtsms";

const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
// kwtSMS only: WhatsApp is off in this file (none of its four variables is set).
Object.assign(process.env, { APP_URL: "https://timsar.example", KWTSMS_USERNAME: "timsar", KWTSMS_PASSWORD: "sms-password", KWTSMS_SENDER: "TIMSAR", KWTSMS_BASE_URL: sms.url });
for (const name of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN"]) delete process.env[name];

const before = await getShopSettings();
afterAll(async () => {
  await saveShopSettings({ ownerAlertsPhone: before.ownerAlertsPhone });
  await sms.close();
});

it("sends the owner one SMS for a paid order when WhatsApp is off", async () => {
  const ownerPhone = uniquePhone();
  await saveShopSettings({ ownerAlertsPhone: ownerPhone });
  const city = await createDeliveryArea(prisma, 2000);
  const product = await createProduct(prisma, { priceFils: 4250, stockQuantity: 5 });
  const placed = await placeOrderAndStartPayment({
    details: checkoutDetails(city, { email: uniqueEmail(), phone: uniquePhone() }),
    lines: [{ productId: product.id, quantity: 1, customTags: [] }],
    customerId: null,
    language: "en",
  });
  const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
  await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
  await Promise.all([confirmPayment(placed.orderSessionId), confirmPayment(placed.orderSessionId)]);
  await drainOutbox();
  await drainOutbox();

  const texts = [...sms.messages.values()].filter((text) => text.mobile === `965${ownerPhone}`);
  const number = placed.order.orderNumber;
  expect(texts.map((text) => text.message)).toEqual([`طلب مدفوع جديد ${number}، ٦٫٢٥ د.ك، حولي. https://timsar.example/admin/timsar/orders/${placed.order.id}`]);
  expect(texts[0].sender).toBe("TIMSAR");
  expect(fitsTwoSmsParts(texts[0].message)).toBe(true);
});
