import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cartCookieHeader } from "~/cookies/cart.server";
import { guestCookieHeader } from "~/cookies/checkout-guest.server";
import { HOLD_LIMITS, placeOrder, COUPON_FAILURES_PER_WINDOW, COUPON_FAILURES_WINDOW_SECONDS } from "~/models/orders/index.server";
import { ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS } from "~/models/shop/index.server";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { checkoutDetails } from "../../tests/factories/order";
import { createProduct } from "../../tests/factories/product";
import { uniqueId } from "../../tests/factories/unique";
import { action, loader } from "./checkout";
import { createCoupon } from "../../tests/factories/coupon";
import { RouteClient } from "../../tests/setup/route-client";
import { action as placeOrderAction } from "./api.orders";

type CheckoutAnswer = { result: { error?: Record<string, string[] | null> }; paymentUrl: string | null; earlierOrder?: { orderNumber: string; paymentUrl: string } | null };

/** A guest's checkout form, posted with JavaScript on, from one client address and in one language. */
async function submitCheckout(city: string, productId: string, address: string, language: "ar" | "en", orderCookie?: string, shown: Record<string, string> = {}) {
  const cookies = [await guestCookieHeader(), await cartCookieHeader([{ productId, quantity: 1, customTags: [] }]), ...(orderCookie ? [orderCookie] : [])].map(
    (header) => header.split(";")[0],
  );
  const body = new URLSearchParams({ enhanced: "1", ...shown });
  for (const [name, value] of Object.entries(checkoutDetails(city))) if (typeof value === "string" && value) body.set(name, value);
  const request = new Request("http://shop.test/checkout", { method: "POST", body, headers: { Cookie: [...cookies, `lang=${language}`].join("; ") } });
  const result = (await action({ request, params: {}, context: { cspNonce: "", clientAddress: address } })) as unknown as {
    data: CheckoutAnswer;
    init: ResponseInit | null;
  };
  const placedCookie = new Headers(result.init?.headers).get("Set-Cookie") ?? undefined;
  return {
    repriced: (result.data as { repriced?: boolean }).repriced ?? false,
    status: result.init?.status ?? 200,
    formErrors: result.data.result.error?.[""] ?? [],
    paymentUrl: result.data.paymentUrl,
    earlierOrder: result.data.earlierOrder ?? null,
    orderCookie: placedCookie,
  };
}

describe("the checkout form's action", () => {
  it("shares the order rate limit of POST /api/orders, in the page's language, and places nothing once it is spent", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const address = uniqueId("203.0.113");
    const resetsAt = new Date(Date.now() + ORDER_ATTEMPTS_WINDOW_SECONDS * 1000);
    await prisma.rateLimit.create({ data: { key: `orders:${address}`, count: ORDER_ATTEMPTS_PER_WINDOW, resetsAt } });

    const refused = await submitCheckout(city, product.id, address, "ar");
    expect(refused.status).toBe(429);
    expect(refused.formErrors).toEqual(["فشل حفظ الطلب: محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى."]);
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);

    const elsewhere = await submitCheckout(city, product.id, uniqueId("198.51.100"), "ar");
    expect(elsewhere.paymentUrl).toMatch(/^\/payment\?orderSessionId=/);
  });

  it("refuses to place an order at other prices than the page showed, in the page's language, and has the page drawn again", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 1500, stockQuantity: 5 });
    const address = uniqueId("198.51.100");
    const before = { shownSubtotalFils: "1250" };
    const english = await submitCheckout(city, product.id, address, "en", undefined, before);
    expect([english.status, english.repriced, english.paymentUrl]).toEqual([409, true, null]);
    expect(english.formErrors).toEqual(["Failed to save order: Prices in your cart changed since this page was shown. Please check the new total, then press Pay again."]);
    const arabic = await submitCheckout(city, product.id, address, "ar", undefined, before);
    expect(arabic.formErrors).toEqual(["فشل حفظ الطلب: تغيّرت أسعار سلتك منذ عرض هذه الصفحة. يرجى مراجعة المجموع الجديد، ثم الضغط على ادفع مرة أخرى."]);
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 5, heldQuantity: 0 });

    const seen = await submitCheckout(city, product.id, address, "en", undefined, { shownSubtotalFils: "1500" });
    expect([seen.status, seen.repriced]).toEqual([200, false]);
    expect(seen.paymentUrl).toMatch(/^\/payment\?orderSessionId=/);
  });

  it("refuses a client that already holds the most unpaid orders, with the message in English on an English page", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 10 });
    const address = uniqueId("192.0.2");
    // Other products: a second unpaid order of one product is refused for that alone (decision 0077).
    for (let index = 0; index < HOLD_LIMITS.unpaidOrders; index++) {
      const other = await createProduct(prisma, { stockQuantity: 10 });
      await placeOrder({ details: checkoutDetails(city), lines: [{ productId: other.id, quantity: 1, customTags: [] }], customerId: null, language: "en", clientAddress: address });
    }
    const refused = await submitCheckout(city, product.id, address, "en");
    expect(refused.status).toBe(429);
    expect(refused.formErrors[0]).toBe(
      "Failed to save order: You already have unpaid orders holding products. Please pay for them, or wait 15 minutes until they expire, then try again.",
    );
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 10, heldQuantity: 0 });
  });

  it("refuses a client's second unpaid order of a product in Arabic, naming the earlier order only to the browser that placed it", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { nameAr: "مشبك لؤلؤ", stockQuantity: 5 });
    const address = uniqueId("192.0.2");
    const first = await submitCheckout(city, product.id, address, "ar");
    const earlier = await prisma.order.findFirstOrThrow({ where: { items: { some: { productId: product.id } } } });

    const refused = await submitCheckout(city, product.id, address, "ar", first.orderCookie);
    expect(refused.status).toBe(409);
    expect(refused.formErrors[0]).toBe(
      `فشل حفظ الطلب: طلبك غير المدفوع ${earlier.orderNumber} يحجز مشبك لؤلؤ بالفعل. ما دام غير مدفوع لا يمكن لطلب آخر أن يحجز المزيد منه، ليتمكن غيرك من شرائه أيضاً. ادفع الطلب ${earlier.orderNumber} أو ألغِه من صفحة الدفع الخاصة به، ثم اطلب من جديد.`,
    );
    expect(refused.earlierOrder).toEqual({ orderNumber: earlier.orderNumber, paymentUrl: first.paymentUrl });

    // Another browser behind the same address is not told the number, nor given its payment page.
    const stranger = await submitCheckout(city, product.id, address, "ar");
    expect(stranger.status).toBe(409);
    expect(stranger.formErrors[0]).not.toContain(earlier.orderNumber);
    expect(stranger.formErrors[0]).toContain("طلب سابق غير مدفوع من اتصالك يحجز مشبك لؤلؤ بالفعل");
    expect(stranger.earlierOrder).toBeNull();
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 4, heldQuantity: 1 });
  });
});

describe("the checkout's discount code, without JavaScript", () => {
  async function shopper(productId: string, quantity: number) {
    const client = new RouteClient(uniqueId("10.9"), "en");
    for (const header of [await guestCookieHeader(), await cartCookieHeader([{ productId, quantity, customTags: [] }])]) {
      const [pair] = header.split(";");
      client.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return client;
  }

  function form(fields: Record<string, string>) {
    return new URLSearchParams(fields);
  }

  it("applies a code with the whole form posted, keeps what was typed, then pays the discounted total", async () => {
    const city = await createDeliveryArea(prisma, 1000);
    const product = await createProduct(prisma, { priceFils: 5000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma, { kind: "percent", value: 10 });
    const client = await shopper(product.id, 2);

    const applied = await client.call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: coupon.code.toLowerCase(), fullName: "Sara" }) });
    expect(applied.status).toBe(200);
    const answer = (await applied.json()) as { couponNotice: { kind: string; text: string }; offer: { coupon: { code: string; discountFils: number } }; result: { initialValue: Record<string, string> } };
    expect(answer.couponNotice).toEqual({ kind: "success", text: `Discount code ${coupon.code} applied.` });
    expect(answer.offer.coupon).toMatchObject({ code: coupon.code, discountFils: 1000 });
    expect(answer.result.initialValue).toMatchObject({ fullName: "Sara", couponCode: coupon.code });

    const page = (await (await client.call(loader, "/checkout")).json()) as { offer: { coupon: { code: string } | null }; defaults: { couponCode: string } };
    expect(page.offer.coupon?.code).toBe(coupon.code);
    expect(page.defaults.couponCode).toBe(coupon.code);

    const details = Object.fromEntries(Object.entries(checkoutDetails(city)).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const paid = await client.call(action, "/checkout", { method: "POST", body: form({ ...details, couponCode: coupon.code }) });
    expect(paid.status).toBe(303);
    const order = await prisma.order.findFirstOrThrow({ where: { items: { some: { productId: product.id } } } });
    expect(order).toMatchObject({ subtotalFils: 10_000, discountFils: 1000, deliveryFeeFils: 1000, totalFils: 10_000, couponCode: coupon.code });
  });

  it("says why a code is refused, in the page's language, and keeps none", async () => {
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma, { endsAt: new Date(Date.now() - 60_000) });
    const client = await shopper(product.id, 1);
    const refused = await client.call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: coupon.code }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { couponNotice: { text: string } }).couponNotice.text).toBe("This discount code has expired.");
    const page = (await (await client.call(loader, "/checkout")).json()) as { offer: { coupon: unknown } };
    expect(page.offer.coupon).toBeNull();
  });

  it("stops a client guessing codes after 10 wrong ones, at Apply, at Pay and on POST /api/orders alike, while a real code never counts", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma);
    const expired = await createCoupon(prisma, { endsAt: new Date(Date.now() - 60_000) });
    const client = await shopper(product.id, 1);
    const apply = (code: string) => client.call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: code }) });

    // A shopper applying a real code again and again is never stopped.
    for (let index = 0; index < COUPON_FAILURES_PER_WINDOW + 2; index++) expect((await apply(coupon.code)).status).toBe(200);
    for (let index = 0; index < COUPON_FAILURES_PER_WINDOW - 1; index++) expect((await apply(`GUESS-${index}`)).status).toBe(400);
    // The distinct answers stay for the shopper who typed a real code; the tenth wrong one is still answered.
    expect(((await (await apply(expired.code)).json()) as { couponNotice: { text: string } }).couponNotice.text).toBe("This discount code has expired.");

    const refused = await apply(coupon.code);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(COUPON_FAILURES_WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(COUPON_FAILURES_WINDOW_SECONDS);
    const answer = (await refused.json()) as { couponNotice: { kind: string; text: string }; offer: { coupon: unknown } };
    expect(answer.couponNotice).toEqual({ kind: "error", text: "Too many discount codes were tried from here. Please wait 15 minutes and try again." });
    expect(answer.offer.coupon).toBeNull();

    // Pay with a code in the form: the same budget, and nothing is placed.
    const details = Object.fromEntries(Object.entries(checkoutDetails(city)).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const pay = await client.call(action, "/checkout", { method: "POST", body: form({ ...details, couponCode: coupon.code }) });
    expect(pay.status).toBe(429);
    expect(Number(pay.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);

    // And the API, from the same address.
    const viaApi = await client.json(placeOrderAction, "/api/orders", {
      fullName: "Sara Ahmad",
      email: "sara@example.com",
      phone: "51234567",
      buildingType: "Office",
      address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9" },
      items: [{ _id: product.id, quantity: 1 }],
      couponCode: coupon.code,
    });
    expect(viaApi.status).toBe(429);
    expect(Number(viaApi.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(viaApi.body.message).toBe(
      "Too many discount codes were tried from here. Please wait 15 minutes and try again. / جُرّبت رموز خصم كثيرة من هنا. يرجى الانتظار ١٥ دقيقة ثم المحاولة مرة أخرى.",
    );

    // Another client is not stopped, and this one still pays without a code.
    expect((await (await shopper(product.id, 1)).call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: coupon.code }) })).status).toBe(200);
    expect((await client.call(action, "/checkout", { method: "POST", body: form(details) })).status).toBe(303);
  });

  it("checks a once-per-shopper code against the phone as the order keeps it, +965 and Arabic digits included", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma, { maxUsesPerCustomer: 1 });
    const first = await shopper(product.id, 1);
    const details = Object.fromEntries(Object.entries(checkoutDetails(city)).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const phone = `5${String(Date.now()).slice(-7)}`;
    expect((await first.call(action, "/checkout", { method: "POST", body: form({ ...details, phone, couponCode: coupon.code }) })).status).toBe(303);

    const typed = `+965 ${phone.replace(/\d/g, (digit) => "٠١٢٣٤٥٦٧٨٩"[Number(digit)]).replace(/^(.{4})/, "$1 ")}`;
    const again = await (await shopper(product.id, 1)).call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: coupon.code, phone: typed, email: "other@example.com" }) });
    expect(again.status).toBe(409);
    const answer = (await again.json()) as { couponNotice: { kind: string }; offer: { coupon: unknown }; result: { initialValue: Record<string, string> } };
    expect(answer.couponNotice.kind).toBe("error");
    expect(answer.offer.coupon).toBeNull();
    expect(answer.result.initialValue.phone).toBe(typed);
  });

  it("refuses a code longer than any the shop makes as unknown, at Apply and at Pay, and places nothing", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const client = await shopper(product.id, 1);
    const long = "A".repeat(65);
    const applied = await client.call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: long, fullName: "Sara" }) });
    expect(applied.status).toBe(400);
    const answer = (await applied.json()) as { couponNotice: { text: string }; result: { initialValue: Record<string, string> } };
    expect(answer.couponNotice.text).toBe("This discount code is not valid.");
    expect(answer.result.initialValue).toMatchObject({ fullName: "Sara", couponCode: long });

    const details = Object.fromEntries(Object.entries(checkoutDetails(city)).filter(([, value]) => value !== undefined)) as Record<string, string>;
    const paid = await client.call(action, "/checkout", { method: "POST", body: form({ ...details, couponCode: long }) });
    expect(paid.status).toBe(400);
    expect(JSON.stringify(await paid.json())).toContain("This discount code is not valid.");
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);
  });

  it("removes an applied code", async () => {
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const coupon = await createCoupon(prisma);
    const client = await shopper(product.id, 1);
    await client.call(action, "/checkout", { method: "POST", body: form({ intent: "applyCoupon", couponCode: coupon.code }) });
    const removed = await client.call(action, "/checkout", { method: "POST", body: form({ intent: "removeCoupon", couponCode: coupon.code }) });
    expect(((await removed.json()) as { couponNotice: { text: string } }).couponNotice.text).toBe("Discount code removed.");
    const page = (await (await client.call(loader, "/checkout")).json()) as { offer: { coupon: unknown } };
    expect(page.offer.coupon).toBeNull();
  });
});
