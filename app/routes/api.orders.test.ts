import { drainOutbox } from "~/models/jobs/index.server";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { testProvider } from "~/payments/test-provider.server";
import { HOLD_LIMITS, COUPON_FAILURES_PER_WINDOW } from "~/models/orders/index.server";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { action as placeOrderActionRoute } from "./api.orders";
import { action as payActionRoute } from "./api.orders.pay";
import { loader as orderStatusLoaderRoute } from "./api.orders.$orderNumber";
import { loader as invoiceApiLoaderRoute } from "./api.invoice.$orderNumber";
import { loader as paymentStatusLoaderRoute } from "./api.payment.status";
import { loader as invoiceFileLoader } from "./uploads.invoices.$file";
import { createCustomer } from "../../tests/factories/customer";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { createProduct } from "../../tests/factories/product";
import { createSession } from "../../tests/factories/session";
import { uniqueId } from "../../tests/factories/unique";
import { checkedRoute } from "../../tests/support/openapi-conformance";
import { createCoupon } from "../../tests/factories/coupon";

/** Every answer is checked against the OpenAPI document on its way out. */
const placeOrderAction = checkedRoute(placeOrderActionRoute);
const payAction = checkedRoute(payActionRoute);
const orderStatusLoader = checkedRoute(orderStatusLoaderRoute);
const invoiceApiLoader = checkedRoute(invoiceApiLoaderRoute);
const paymentStatusLoader = checkedRoute(paymentStatusLoaderRoute);

const context = () => ({ cspNonce: "", clientAddress: uniqueId("ip") });
// The name the stored items and the stock message are checked for.
const SATIN_BOW = { nameEn: "Satin Bow", nameAr: "فيونكة ستان" };

function payload(city: string, productId: string, overrides: Record<string, unknown> = {}) {
  return {
    fullName: "Sara Ahmad",
    email: "sara@example.com",
    phone: "51234567",
    buildingType: "Office",
    address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9", floor: "", apartmentNumber: "", notes: "" },
    items: [{ _id: productId, name: { en: "Cheap", ar: "رخيص" }, price: 0.001, quantity: 2, imageUrl: "/x.png", customTags: [] }],
    deliveryFee: 0,
    totalAmount: 0.002,
    isRegisteredUser: false,
    isGuest: true,
    ...overrides,
  };
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function placeViaApi(city: string, productId: string) {
  const response = await placeOrderAction({ request: post("/api/orders", payload(city, productId)), params: {}, context: context() });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { paymentUrl: string; orderSessionId: string; orderNumber: string; orderId: string };
  return { body, accessCookie: response.headers.get("Set-Cookie")!.split(";")[0] };
}

async function approve(orderSessionId: string, cardNumber = "4111111111111111") {
  const payment = await prisma.payment.findUniqueOrThrow({ where: { id: orderSessionId } });
  await testProvider.submitCard(payment.providerPaymentId!, { cardNumber });
}

function getFile(orderNumber: string, query = "", cookie?: string) {
  const request = new Request(`http://localhost/uploads/invoices/${orderNumber}.pdf${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  return invoiceFileLoader({ request, params: { file: `${orderNumber}.pdf` }, context: context() });
}

describe("POST /api/orders", () => {
  it("ignores the client's prices, fee and total", async () => {
    const city = await createDeliveryArea(prisma, 2500);
    const product = await createProduct(prisma, { ...SATIN_BOW, priceFils: 1750 });
    const { body } = await placeViaApi(city, product.id);
    expect(body.paymentUrl).toBe(`/payment?orderSessionId=${body.orderSessionId}`);
    expect(body.orderNumber).toMatch(/^ORD-\d{12}$/);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: body.orderId }, include: { items: true } });
    expect(order).toMatchObject({ subtotalFils: 3500, deliveryFeeFils: 2500, totalFils: 6000, paymentStatus: "unpaid" });
    expect(order.items[0]).toMatchObject({ nameEn: "Satin Bow", priceFils: 1750 });
  });

  it("answers 400 with bilingual field errors, and 409 when the stock is short", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { ...SATIN_BOW, stockQuantity: 1 });
    const invalid = await placeOrderAction({ request: post("/api/orders", payload(city, product.id, { phone: "12345678", fullName: "" })), params: {}, context: context() });
    expect(invalid.status).toBe(400);
    const errors = (await invalid.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(errors.fieldErrors.fullName).toEqual(["Full name is required / الاسم الكامل مطلوب"]);
    expect(errors.fieldErrors.phone[0]).toContain("Please enter a valid Kuwaiti phone number");
    // A field left out of the JSON is told as a blank one is, in SPEC's words, not "fullName is not valid" (probe 9).
    const withoutThree: Record<string, unknown> = { ...payload(city, product.id) };
    for (const field of ["fullName", "email", "buildingType"]) delete withoutThree[field];
    const missing = await placeOrderAction({ request: post("/api/orders", withoutThree), params: {}, context: context() });
    expect(missing.status).toBe(400);
    const told = ((await missing.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(told.fullName).toEqual(["Full name is required / الاسم الكامل مطلوب"]);
    expect(told.email[0]).toContain("Email is required");
    expect(told.buildingType[0]).toContain("Please select building type");
    const short = await placeOrderAction({ request: post("/api/orders", payload(city, product.id)), params: {}, context: context() });
    expect(short.status).toBe(409);
    expect(((await short.json()) as { message: string }).message).toContain("Not enough stock for Satin Bow");
  });

  it("answers a malformed payload with the shop's words under the field that is wrong, never zod's", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma);
    const refused = async (body: unknown) => {
      const response = await placeOrderAction({ request: post("/api/orders", body), params: {}, context: context() });
      expect(response.status).toBe(400);
      return (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
    };
    const quantity = "Each item's quantity must be a whole number from 1 to 999. / يجب أن تكون كمية كل عنصر عدداً صحيحاً من ١ إلى ٩٩٩.";
    for (const bad of ["2", 1.5, 0]) {
      const answer = await refused(payload(city, product.id, { items: [{ _id: product.id, quantity: bad, customTags: [] }] }));
      expect(answer.fieldErrors).toEqual({ "items.0.quantity": [quantity] });
      expect(answer.message).toBe("Failed to save order / فشل حفظ الطلب");
    }
    expect((await refused([])).fieldErrors).toEqual({ body: ["The request must be a JSON object with the fields this address takes. / يجب أن يكون الطلب كائن JSON بالحقول التي يقبلها هذا العنوان."] });
    const address = await refused(payload(city, product.id, { address: "Hawalli", couponCode: 5 }));
    expect(Object.keys(address.fieldErrors).sort()).toEqual(["address", "couponCode"]);
    expect(JSON.stringify(address)).not.toMatch(/Invalid input|expected/);
  });

  it("refuses a product whose category is hidden as it refuses a hidden product, and keeps its stock", async () => {
    const city = await createDeliveryArea(prisma);
    const inHiddenCategory = await createProduct(prisma, { stockQuantity: 5 });
    const hidden = await createProduct(prisma, { stockQuantity: 5 });
    await prisma.category.update({ where: { id: inHiddenCategory.categoryId }, data: { isVisible: false } });
    await prisma.product.update({ where: { id: hidden.id }, data: { isVisible: false } });
    const refused = await placeOrderAction({ request: post("/api/orders", payload(city, inHiddenCategory.id)), params: {}, context: context() });
    const hiddenRefused = await placeOrderAction({ request: post("/api/orders", payload(city, hidden.id)), params: {}, context: context() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(await hiddenRefused.json());
    expect(await prisma.product.findUniqueOrThrow({ where: { id: inHiddenCategory.id } })).toMatchObject({ stockQuantity: 5, heldQuantity: 0 });
    expect(await prisma.orderItem.count({ where: { productId: inHiddenCategory.id } })).toBe(0);
  });
});

describe("POST /api/orders hold caps", () => {
  it("answers 429 with a bilingual message once one client holds the most unpaid orders, while another client still orders", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 20 });
    const hoarder = { cspNonce: "", clientAddress: uniqueId("ip") };
    const place = (client: typeof hoarder, productId = product.id) =>
      placeOrderAction({ request: post("/api/orders", payload(city, productId)), params: {}, context: client });
    // One product an order: a second unpaid order of one product is refused for that alone (decision 0077).
    for (let index = 0; index < HOLD_LIMITS.unpaidOrders; index++) {
      expect((await place(hoarder, (await createProduct(prisma, { stockQuantity: 20 })).id)).status).toBe(201);
    }
    const refused = await place(hoarder);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "You already have unpaid orders holding products. Please pay for them, or wait 15 minutes until they expire, then try again. / " +
        "لديك طلبات غير مدفوعة تحجز منتجات. يرجى دفعها، أو الانتظار ١٥ دقيقة حتى تنتهي، ثم المحاولة مرة أخرى.",
    );
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 20, heldQuantity: 0 });
    expect((await place(context())).status).toBe(201);
  });

  it("lets one order take the last pieces, then answers 409 to the same client's second order of them, in both languages", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { ...SATIN_BOW, stockQuantity: 6 });
    const other = await createProduct(prisma, { stockQuantity: 6 });
    const hoarder = { cspNonce: "", clientAddress: uniqueId("ip") };
    const place = (client: typeof hoarder, quantity: number, productId = product.id) =>
      placeOrderAction({ request: post("/api/orders", payload(city, productId, { items: [{ _id: productId, quantity }] })), params: {}, context: client });
    expect((await place(hoarder, 2)).status).toBe(201);
    const refused = await place(hoarder, 1);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(
      "An earlier unpaid order from your connection already holds Satin Bow. While it is unpaid, another order cannot hold more of it, so that others can buy it too. Pay for that order or cancel it on its payment page, or wait until its hold ends (at most 15 minutes), then order again. / " +
        "طلب سابق غير مدفوع من اتصالك يحجز فيونكة ستان بالفعل. ما دام غير مدفوع لا يمكن لطلب آخر أن يحجز المزيد منه، ليتمكن غيرك من شرائه أيضاً. ادفع ذلك الطلب أو ألغِه من صفحة الدفع الخاصة به، أو انتظر حتى ينتهي حجزه (خلال ١٥ دقيقة على الأكثر)، ثم اطلب من جديد.",
    );
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 4, heldQuantity: 2 });
    // The next shopper buys all that is left in one order.
    expect((await place(context(), 4)).status).toBe(201);
    expect((await place(hoarder, 6, other.id)).status).toBe(201);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({ stockQuantity: 0, heldQuantity: 6 });
  });
});

describe("POST /api/orders discount code guessing", () => {
  it("answers at most 10 wrong codes of a burst from one client, then 429 with Retry-After, and orders with a real code spend nothing", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 50 });
    const coupon = await createCoupon(prisma);
    const client = { cspNonce: "", clientAddress: uniqueId("ip") };
    const place = (couponCode: string, items = [{ _id: product.id, quantity: 1 }]) =>
      placeOrderAction({ request: post("/api/orders", payload(city, product.id, { couponCode, items })), params: {}, context: client });

    // Two real orders with the code and one refused for its stock (not its code) take nothing from the budget.
    const second = await createProduct(prisma, { stockQuantity: 50 });
    expect((await place(coupon.code)).status).toBe(201);
    expect((await place(coupon.code, [{ _id: second.id, quantity: 1 }])).status).toBe(201);
    const few = await createProduct(prisma, { stockQuantity: 5 });
    expect((await place(coupon.code, [{ _id: few.id, quantity: 6 }])).status).toBe(409);

    const burst = await Promise.all(Array.from({ length: 2 * COUPON_FAILURES_PER_WINDOW }, (_, index) => place(`GUESS-${index}`)));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(COUPON_FAILURES_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(COUPON_FAILURES_PER_WINDOW);
    for (const refused of burst.filter((response) => response.status === 429)) {
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toContain("Too many discount codes were tried from here.");
    }
    // Spent: even a real code is not looked at now, while an order without one goes through.
    expect((await place(coupon.code)).status).toBe(429);
    const third = await createProduct(prisma, { stockQuantity: 50 });
    expect((await place("", [{ _id: third.id, quantity: 1 }])).status).toBe(201);
  });
});

describe("POST /api/orders/pay", () => {
  it("answers 409 before the provider confirms, then the number to every concurrent call, paying once", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma);
    const { body } = await placeViaApi(city, product.id);
    const early = await payAction({ request: post("/api/orders/pay", { orderSessionId: body.orderSessionId }), params: {}, context: context() });
    expect(early.status).toBe(409);
    await approve(body.orderSessionId);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => payAction({ request: post("/api/orders/pay", { orderSessionId: body.orderSessionId }), params: {}, context: context() })),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(((await response.json()) as { orderNumber: string }).orderNumber).toBe(body.orderNumber);
    }
    // The confirmation goes through the outbox after the commit (decision 0054): one row, however many calls.
    await drainOutbox();
    const outbox = path.join(getEnv().dataDir, "outbox");
    const mails = fs.readdirSync(outbox).filter((file) => fs.readFileSync(path.join(outbox, file), "utf8").includes(`${body.orderNumber}.pdf`));
    expect(mails).toHaveLength(1);
    const status = await paymentStatusLoader({ request: new Request(`http://localhost/api/payment/status?orderId=${body.orderId}`), params: {}, context: context() });
    expect(await status.json()).toMatchObject({ status: "paid" });
  });

  it("answers 404 for an unknown session and 400 without one", async () => {
    const unknown = await payAction({ request: post("/api/orders/pay", { orderSessionId: "ps_nope" }), params: {}, context: context() });
    expect(unknown.status).toBe(404);
    const missing = await payAction({ request: post("/api/orders/pay", {}), params: {}, context: context() });
    expect(missing.status).toBe(400);
  });

  it("answers the payment status of an unknown order with a 404 that says no order has that id, in both languages", async () => {
    const unknown = await paymentStatusLoader({ request: new Request("http://localhost/api/payment/status?orderId=nope"), params: {}, context: context() });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "No order has this id. / لا يوجد طلب بهذا المعرّف." });
  });
});

describe("invoice privacy", () => {
  it("opens the PDF for the browser that ordered, a signed link or the owner, never for a stranger", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma);
    const customer = await createCustomer(prisma);
    const sessionId = await createSession(prisma, { customerId: customer.id });
    const ownerCookie = (await getCustomerSessionCookie().serialize(sessionId)).split(";")[0];
    const response = await placeOrderAction({ request: post("/api/orders", payload(city, product.id), { Cookie: ownerCookie }), params: {}, context: context() });
    const body = (await response.json()) as { orderSessionId: string; orderNumber: string };
    const accessCookie = response.headers.get("Set-Cookie")!.split(";")[0];

    expect((await getFile(body.orderNumber, "", accessCookie)).status).toBe(404);
    await approve(body.orderSessionId);
    await payAction({ request: post("/api/orders/pay", { orderSessionId: body.orderSessionId }), params: {}, context: context() });

    expect((await getFile(body.orderNumber)).status).toBe(403);
    expect((await getFile(body.orderNumber, "?expires=9999999999&sig=forged")).status).toBe(403);
    expect((await getFile(body.orderNumber, "", accessCookie)).status).toBe(200);
    expect((await getFile(body.orderNumber, "", ownerCookie)).status).toBe(200);

    const status = await orderStatusLoader({ request: new Request("http://localhost/"), params: { orderNumber: body.orderNumber.toLowerCase() }, context: context() });
    expect(await status.json()).toEqual({ orderNumber: body.orderNumber, status: "pending" });

    const strangerLookup = await invoiceApiLoader({ request: new Request(`http://localhost/api/invoice/${body.orderNumber}`), params: { orderNumber: body.orderNumber }, context: context() });
    expect(strangerLookup.status).toBe(200);
    expect(((await strangerLookup.json()) as { invoiceUrl?: string }).invoiceUrl).toBeUndefined();
    const withPhone = await invoiceApiLoader({ request: new Request(`http://localhost/api/invoice/${body.orderNumber}?phone=51234567`), params: { orderNumber: body.orderNumber }, context: context() });
    const signed = ((await withPhone.json()) as { invoiceUrl: string }).invoiceUrl;
    expect((await getFile(body.orderNumber, signed.slice(signed.indexOf("?")))).status).toBe(200);
  });

  it("stops phone guessing for one order after 10 tries, even from different clients", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma);
    const { body } = await placeViaApi(city, product.id);
    await approve(body.orderSessionId);
    await payAction({ request: post("/api/orders/pay", { orderSessionId: body.orderSessionId }), params: {}, context: context() });
    const guess = (phone: string) =>
      invoiceApiLoader({ request: new Request(`http://localhost/api/invoice/${body.orderNumber}?phone=${phone}`), params: { orderNumber: body.orderNumber }, context: context() });
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await guess(`6000000${attempt}`);
      expect(((await response.json()) as { invoiceUrl?: string }).invoiceUrl).toBeUndefined();
    }
    expect((await guess("51234567")).status).toBe(429);
  });

  it("answers 404 for an unknown or unpaid order number", async () => {
    const lookup = await invoiceApiLoader({ request: new Request("http://localhost/api/invoice/ORD-0000000000"), params: { orderNumber: "ORD-0000000000" }, context: context() });
    expect(lookup.status).toBe(404);
    expect(((await lookup.json()) as { message: string }).message).toBe("No invoice found for this order number. / لا توجد فاتورة لرقم الطلب هذا.");
  });
});
