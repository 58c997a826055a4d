/**
 * Reviews through the JSON API and the review page's form (issue 47, CONTRACT.md "Reviews"), as a client sees them,
 * every answer checked against the OpenAPI document: `POST /api/orders/{n}/reviews` by session and by phone, each
 * refusal with its status and bilingual message and nothing written, the guessing limit checked before the phone is
 * compared, a review holding a link or a phone kept back even with auto-publish, `GET /api/products/{id}/reviews`
 * a page at a time, and the product's `rating` in the catalogue's answers. The model's own rules are in
 * app/models/reviews/review.server.test.ts.
 */
import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { ORDER_PHONE_GUESSES } from "~/models/orders/index.server";
import { setReviewsStatus } from "~/models/reviews/index.server";
import { saveShopSettings } from "~/models/shop/index.server";
import { action as reviewsApi } from "~/routes/api.orders.$orderNumber_.reviews";
import { loader as productReviewsApi } from "~/routes/api.products.$id_.reviews";
import { loader as productApi } from "~/routes/api.products.$id";
import { loader as productsApi } from "~/routes/api.products";
import { action as reviewPageAction } from "~/routes/review.$orderNumber";
import { REVIEWS_PAGE_SIZE } from "~/shared/reviews";
import { createAdmin } from "../factories/admin";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createSession } from "../factories/session";
import { uniqueAddress } from "../factories/unique";
import { runChecked } from "../support/openapi-conformance";

const TOO_MANY = "Too many attempts. Please wait a few minutes and try again. / محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";
const ERRORS = {
  wrongPhone: "This phone number does not match the order. / رقم الهاتف لا يطابق الطلب.",
  notDelivered: "This order has not been delivered yet, so it cannot be reviewed. / لم يتم توصيل هذا الطلب بعد، لذا لا يمكن تقييمه.",
  alreadyReviewed: "This product of this order has already been reviewed. / تم تقييم هذا المنتج من هذا الطلب من قبل.",
  rating: "Please choose from 1 to 5 stars. / يرجى اختيار من نجمة إلى ٥ نجوم.",
  body: "Please write your review (up to 2,000 characters). / يرجى كتابة تقييمك (حتى ٢٠٠٠ حرف).",
};

type Order = { id: string; orderNumber: string; phone: string };

async function orderOf(options: { status?: string; customerId?: string; products?: number } = {}) {
  const products = await Promise.all(Array.from({ length: options.products ?? 1 }, () => createProduct(prisma, { priceFils: 2000, stockQuantity: 5 })));
  const order = await createOrder(prisma, {
    status: options.status ?? "delivered",
    fullName: "Hessa Al-Mutairi",
    customerId: options.customerId,
    items: products.map((product) => ({ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 2000, quantity: 1 })),
  });
  return { order, product: products[0], products };
}

function wrongPhone(order: Order): string {
  for (;;) {
    const phone = `9${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
    if (phone !== order.phone) return phone;
  }
}

async function post(order: Order, body: Record<string, unknown>, options: { address?: string; cookie?: string; language?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": options.language ?? "en" };
  if (options.cookie) headers.Cookie = options.cookie;
  const request = new Request(`http://localhost/api/orders/${order.orderNumber}/reviews`, { method: "POST", headers, body: JSON.stringify(body) });
  const response = await runChecked(reviewsApi, request, { orderNumber: order.orderNumber }, { cspNonce: "", clientAddress: options.address ?? uniqueAddress() } as AppLoadContext);
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as Record<string, unknown> };
}

const reviewsOf = (orderId: string) => prisma.review.count({ where: { orderId } });

async function sessionCookie(customerId: string) {
  return (await getCustomerSessionCookie().serialize(await createSession(prisma, { customerId }))).split(";")[0];
}

describe("POST /api/orders/{orderNumber}/reviews", () => {
  it("takes the signed-in owner's review without a phone, in her language, as CONTRACT.md reads it", async () => {
    const customer = await createCustomer(prisma);
    const { order, product } = await orderOf({ customerId: customer.id });
    const made = await post(order, { productId: product.id, rating: 5, title: "حلوة", body: "فيونكة جميلة جدًا" }, { cookie: await sessionCookie(customer.id), language: "ar" });
    expect(made.status).toBe(201);
    expect(made.body.review).toEqual({
      _id: expect.any(String),
      productId: product.id,
      rating: 5,
      title: "حلوة",
      body: "فيونكة جميلة جدًا",
      authorName: "Hessa M.",
      language: "ar",
      verifiedPurchase: true,
      status: "pending",
      photoUrl: null,
      reply: null,
      createdAt: expect.any(String),
    });
    // Another shopper's session is no key to this order.
    const stranger = await createCustomer(prisma);
    const { order: other, product: otherProduct } = await orderOf({ customerId: customer.id });
    const refused = await post(other, { productId: otherProduct.id, rating: 5, body: "Mine now" }, { cookie: await sessionCookie(stranger.id) });
    expect([refused.status, refused.body.message]).toEqual([403, ERRORS.wrongPhone]);
    expect(await reviewsOf(other.id)).toBe(0);
  });

  it("takes anyone's review who gives the order's phone, once per product; each refusal says why in both languages and writes nothing", async () => {
    const { order, products } = await orderOf({ products: 2 });
    const [first, second] = products;
    expect((await post(order, { phone: order.phone, productId: first.id, rating: 4, body: "Nice" })).status).toBe(201);

    const twice = await post(order, { phone: order.phone, productId: first.id, rating: 1, body: "Changed my mind" });
    expect([twice.status, twice.body.message]).toEqual([409, ERRORS.alreadyReviewed]);

    for (const rating of [0, 6, 4.5, "5"]) {
      const out = await post(order, { phone: order.phone, productId: second.id, rating, body: "Nice" });
      expect([out.status, out.body.message]).toEqual([400, ERRORS.rating]);
    }
    for (const body of ["", "   ", "x".repeat(2001)]) {
      const out = await post(order, { phone: order.phone, productId: second.id, rating: 3, body });
      expect([out.status, out.body.message]).toEqual([400, ERRORS.body]);
    }
    const wrong = await post(order, { phone: wrongPhone(order), productId: second.id, rating: 3, body: "Nice" });
    expect([wrong.status, wrong.body.message]).toEqual([403, ERRORS.wrongPhone]);
    const none = await post(order, { productId: second.id, rating: 3, body: "Nice" });
    expect(none.status).toBe(403);
    expect(await prisma.review.findMany({ where: { orderId: order.id }, select: { productId: true, rating: true } })).toEqual([{ productId: first.id, rating: 4 }]);

    const { order: shipped, product: shippedProduct } = await orderOf({ status: "outForDelivery" });
    const early = await post(shipped, { phone: shipped.phone, productId: shippedProduct.id, rating: 5, body: "Can't wait" });
    expect([early.status, early.body.message]).toEqual([409, ERRORS.notDelivered]);
    expect(await reviewsOf(shipped.id)).toBe(0);
  });

  it("answers a phone that is not a Kuwaiti phone with SPEC's phone error under phone, and reads +965 and Arabic-Indic digits", async () => {
    const { order, products } = await orderOf({ products: 2 });
    const phoneError = "Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9). / يرجى إدخال رقم هاتف كويتي صحيح (٨ أرقام، يبدأ بـ ٥ أو ٦ أو ٩).";
    for (const phone of ["5512", "1234567890123"]) {
      const out = await post(order, { phone, productId: products[0].id, rating: 4, body: "Nice" });
      expect([out.status, out.body.message, out.body.fieldErrors]).toEqual([400, phoneError, { phone: [phoneError] }]);
    }
    const arabicIndic = order.phone.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect((await post(order, { phone: `+965 ${order.phone}`, productId: products[0].id, rating: 4, body: "Nice" })).status).toBe(201);
    expect((await post(order, { phone: arabicIndic, productId: products[1].id, rating: 4, body: "Nice" })).status).toBe(201);
  });

  it("refuses the RIGHT phone after the order's guessing limit, on the API and the review page, with Retry-After and nothing written", async () => {
    const { order, product } = await orderOf();
    for (let guess = 0; guess < ORDER_PHONE_GUESSES.perOrder.limit; guess++) {
      expect((await post(order, { phone: wrongPhone(order), productId: product.id, rating: 5, body: "Nice" })).status).toBe(403);
    }
    // Were the phone compared first, this would be a 201: the limit is checked before comparing.
    const limited = await post(order, { phone: order.phone, productId: product.id, rating: 5, body: "Nice" });
    expect([limited.status, limited.body.message]).toEqual([429, TOO_MANY]);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);

    const form = new URLSearchParams({ intent: "phone", phone: order.phone });
    const request = new Request(`http://localhost/review/${order.orderNumber}`, { method: "POST", headers: { Cookie: "lang=ar", "Content-Type": "application/x-www-form-urlencoded" }, body: form });
    const page = (await reviewPageAction({ request, params: { orderNumber: order.orderNumber }, context: { cspNonce: "", clientAddress: uniqueAddress() } as AppLoadContext })) as unknown as {
      data: { error: string };
      init: ResponseInit;
    };
    expect(page.init.status).toBe(429);
    expect(page.data.error).toBe(TOO_MANY.split(" / ")[1]);
    expect(Number(new Headers(page.init.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(await reviewsOf(order.id)).toBe(0);
  });

  it("publishes at once with reviewsAutoPublish, but answers `pending` for a review with a link or a phone number", async () => {
    await saveShopSettings({ reviewsAutoPublish: true });
    try {
      const { order, products } = await orderOf({ products: 3 });
      const plain = await post(order, { phone: order.phone, productId: products[0].id, rating: 5, body: "Lovely" });
      expect((plain.body.review as { status: string }).status).toBe("published");
      const phone = await post(order, { phone: order.phone, productId: products[1].id, rating: 5, body: "Cheaper on WhatsApp ٦٥ ٩٩ ٨٨ ٧٧" });
      expect((phone.body.review as { status: string }).status).toBe("pending");
      const link = await post(order, { phone: order.phone, productId: products[2].id, rating: 5, title: "see https://bows.example/sale", body: "Lovely" });
      expect((link.body.review as { status: string }).status).toBe("pending");
    } finally {
      await saveShopSettings({ reviewsAutoPublish: false });
    }
  });
});

describe("GET /api/products/{id}/reviews and the product's rating", () => {
  it("pages the published reviews newest first with the average and count, leaves out the others, and the product and its card carry the rating", async () => {
    const owner = await createAdmin(prisma, { role: "catalogue" });
    const product = await createProduct(prisma, { priceFils: 1500, stockQuantity: 50 });
    const written: { id: string; rating: number }[] = [];
    const total = REVIEWS_PAGE_SIZE + 3;
    for (let index = 0; index < total + 2; index++) {
      const order = await createOrder(prisma, { status: "delivered", items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 1500, quantity: 1 }] });
      const rating = (index % 5) + 1;
      const review = await prisma.review.create({
        data: { orderId: order.id, productId: product.id, rating, body: `Review ${index}`, authorName: "Sara A.", language: "en", status: "pending", createdAt: new Date(Date.now() - (total - index) * 60_000) },
      });
      written.push({ id: review.id, rating });
    }
    // All but the last two are published; those stay one waiting and one hidden.
    const shown = written.slice(0, total);
    await setReviewsStatus(
      shown.map((review) => review.id),
      "published",
      owner,
    );
    await setReviewsStatus([written[total + 1].id], "hidden", owner);
    const average = Math.round((shown.reduce((sum, review) => sum + review.rating, 0) / total) * 10) / 10;

    const read = async (query: string) => {
      const response = await runChecked(productReviewsApi, new Request(`http://localhost/api/products/${product.id}/reviews${query}`), { id: product.id });
      expect(response.status).toBe(200);
      return (await response.json()) as { reviews: { _id: string; status: string }[]; average: number; count: number };
    };
    const first = await read("");
    expect(first).toMatchObject({ count: total, average });
    expect(first.reviews.map((review) => review._id)).toEqual(
      shown
        .slice(-REVIEWS_PAGE_SIZE)
        .reverse()
        .map((review) => review.id),
    );
    expect(first.reviews.every((review) => review.status === "published")).toBe(true);
    const second = await read("?page=2");
    expect(second.reviews.map((review) => review._id)).toEqual(
      shown
        .slice(0, total - REVIEWS_PAGE_SIZE)
        .reverse()
        .map((review) => review.id),
    );
    expect((await read("?page=3")).reviews).toEqual([]);
    expect((await runChecked(productReviewsApi, new Request("http://localhost/api/products/nope/reviews"), { id: "nope" })).status).toBe(404);
    expect((await runChecked(productReviewsApi, new Request(`http://localhost/api/products/${product.id}/reviews?page=0`), { id: product.id })).status).toBe(400);

    const asRead = (await (await runChecked(productApi, new Request(`http://localhost/api/products/${product.id}`), { id: product.id })).json()) as { product: { rating: unknown } };
    expect(asRead.product.rating).toEqual({ average, count: total });
    const listed = (await (await runChecked(productsApi, new Request("http://localhost/api/products"))).json()) as { products: { _id: string; rating?: unknown }[] };
    expect(listed.products.find((each) => each._id === product.id)?.rating).toEqual({ average, count: total });

    // Hidden, the newest published one leaves the count, the average and the first page at once.
    const newest = shown[total - 1];
    await setReviewsStatus([newest.id], "hidden", owner);
    const after = await read("");
    expect(after.count).toBe(total - 1);
    expect(after.reviews.map((review) => review._id)).not.toContain(newest.id);
    expect(((await (await runChecked(productApi, new Request(`http://localhost/api/products/${product.id}`), { id: product.id })).json()) as { product: { rating: { count: number } } }).product.rating.count).toBe(total - 1);
  });
});
