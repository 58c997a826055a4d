/**
 * Reviews (issue 47) on both engines: only the buyer of a delivered order, once per product per order, every refusal
 * (not delivered, twice, not in the order, wrong phone, past the guessing limit even with the right phone), waiting for
 * the owner unless auto-published, a link or phone held even then, the owner's decisions and replies in the activity
 * log, the average and the reviews shown only while published, and the invitation queued once after delivery.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createAdmin } from "../../../tests/factories/admin";
import { createCustomer } from "../../../tests/factories/customer";
import { createOrder } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import { getProductRating, getStorefrontProducts } from "~/models/catalogue/index.server";
import { OrderPhoneLimitedError, ORDER_PHONE_GUESSES } from "~/models/orders/index.server";
import { auditText, saveShopSettings } from "~/models/shop/index.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { ReviewRequestBodySchema } from "~/api/request-schemas.server";
import { productReviewsJson } from "~/api/answers/reviews.server";
import { reviewAuthorName } from "~/shared/reviews";
import {
  getPublishedReviews,
  inviteReviews,
  isValidReviewToken,
  replyToReview,
  reviewToken,
  ReviewError,
  setReviewsStatus,
  writeReview,
  type WriteReviewInput,
} from "./index.server";

async function deliveredOrder(overrides: { status?: string; fullName?: string; customerId?: string } = {}) {
  const product = await createProduct(prisma, { priceFils: 2500, stockQuantity: 5 });
  const other = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
  const order = await createOrder(prisma, {
    status: overrides.status ?? "delivered",
    fullName: overrides.fullName ?? "Noor Al-Sabah",
    customerId: overrides.customerId,
    items: [
      { nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 1, productId: product.id },
      { nameEn: "Clip", nameAr: "مشبك", priceFils: 1000, quantity: 1, productId: other.id },
    ],
  });
  return { order, product, other };
}

let addressCounter = 0;
function input(order: { orderNumber: string; phone: string }, productId: string, more: Partial<WriteReviewInput> = {}): WriteReviewInput {
  return { orderNumber: order.orderNumber, customerId: null, phone: order.phone, address: `10.9.0.${++addressCounter}`, productId, rating: 5, body: "Lovely bow, my daughter wears it every day.", language: "en", ...more };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return error;
}

describe("writing a review", () => {
  it("takes the buyer's review by phone, as pending, with the first name and an initial", async () => {
    const { order, product } = await deliveredOrder();
    const review = await writeReview(input(order, product.id, { title: "Pretty" }));
    expect(review).toMatchObject({ status: "pending", rating: 5, title: "Pretty", authorName: "Noor S.", language: "en" });
    expect(reviewAuthorName("فاطمة الكندري")).toBe("فاطمة ك.");
    // Pending shows nowhere.
    expect((await getPublishedReviews(product.id)).count).toBe(0);
  });

  it("refuses an order not delivered, a second review of the same product, and a product not in the order (409)", async () => {
    const shipped = await deliveredOrder({ status: "outForDelivery" });
    const notDelivered = await refusal(writeReview(input(shipped.order, shipped.product.id)));
    expect(notDelivered).toBeInstanceOf(ReviewError);
    expect(notDelivered).toMatchObject({ reason: "notDelivered", status: 409 });

    const { order, product } = await deliveredOrder();
    await writeReview(input(order, product.id));
    expect(await refusal(writeReview(input(order, product.id, { rating: 1 })))).toMatchObject({ reason: "alreadyReviewed", status: 409 });
    // Two at once make one.
    const { order: again, other } = await deliveredOrder();
    const both = await Promise.allSettled([writeReview(input(again, other.id)), writeReview(input(again, other.id))]);
    expect(both.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await prisma.review.count({ where: { orderId: again.id } })).toBe(1);

    const stranger = await createProduct(prisma);
    expect(await refusal(writeReview(input(order, stranger.id)))).toMatchObject({ reason: "notInOrder", status: 409 });
  });

  it("refuses a wrong phone (403), and past the guessing limit refuses the right phone too, counted before comparing", async () => {
    const { order, product } = await deliveredOrder();
    const address = "10.77.0.1";
    expect(await refusal(writeReview({ ...input(order, product.id), phone: "99999999" === order.phone ? "98888888" : "99999999", address }))).toMatchObject({ reason: "wrongPhone", status: 403 });
    for (let guess = 1; guess < ORDER_PHONE_GUESSES.perOrder.limit; guess++) {
      await refusal(writeReview({ ...input(order, product.id), phone: `9${String(1000000 + guess)}`, address: `10.78.0.${guess}` }));
    }
    const limited = await refusal(writeReview({ ...input(order, product.id), address: "10.79.0.1" }));
    expect(limited).toBeInstanceOf(OrderPhoneLimitedError);
    expect(await prisma.review.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("lets the signed-in owner and the holder of the signed link in without a phone; an altered or expired link does not", async () => {
    const customer = await createCustomer(prisma);
    const { order, product, other } = await deliveredOrder({ customerId: customer.id });
    await writeReview(input(order, product.id, { phone: null, customerId: customer.id }));
    const token = reviewToken(order.orderNumber);
    expect(isValidReviewToken(order.orderNumber, token)).toBe(true);
    expect(isValidReviewToken("ORD-000000000000", token)).toBe(false);
    expect(isValidReviewToken(order.orderNumber, reviewToken(order.orderNumber, Date.now() - 61 * 86_400_000))).toBe(false);
    expect(await refusal(writeReview(input(order, other.id, { phone: null, token: `${token}x` })))).toMatchObject({ reason: "wrongPhone" });
    await writeReview(input(order, other.id, { phone: null, token }));
    expect(await prisma.review.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("refuses a rating out of 1 to 5 and a text empty or over 2,000 characters (the API's 400)", () => {
    const body = { productId: "p", rating: 5, body: "ok" };
    expect(ReviewRequestBodySchema.safeParse(body).success).toBe(true);
    for (const bad of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { body: "" }, { body: "x".repeat(2001) }]) {
      expect(ReviewRequestBodySchema.safeParse({ ...body, ...bad }).success).toBe(false);
    }
  });

  it("publishes at once with reviewsAutoPublish, but holds a review with a link or a phone number for the owner", async () => {
    await saveShopSettings({ reviewsAutoPublish: true });
    try {
      const { order, product, other } = await deliveredOrder();
      expect((await writeReview(input(order, product.id))).status).toBe("published");
      const held = await writeReview(input(order, other.id, { body: "Message me on ٩٩٨٨ ٧٧٦٦ for cheaper ones" }));
      expect(held).toMatchObject({ status: "pending", heldReason: "link" });
      const { order: next, product: linked } = await deliveredOrder();
      expect((await writeReview(input(next, linked.id, { body: "see www.cheap-bows.com" }))).status).toBe("pending");
    } finally {
      await saveShopSettings({ reviewsAutoPublish: false });
    }
  });
});

describe("the owner's decisions and what shoppers see", () => {
  it("publishes and hides one or several, replies, logs each decision, and shows the average only while published", async () => {
    const owner = await createAdmin(prisma, { role: "catalogue" });
    const { order, product } = await deliveredOrder();
    const second = await createOrder(prisma, { status: "delivered", fullName: "Sara", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 1, productId: product.id }] });
    const first = await writeReview(input(order, product.id, { rating: 5 }));
    const next = await writeReview(input(second, product.id, { rating: 2, body: "Smaller than I thought", language: "ar" }));

    expect(await setReviewsStatus([first.id, next.id], "published", owner)).toBe(2);
    // Already published: nothing changes, nothing is logged.
    expect(await setReviewsStatus([first.id], "published", owner)).toBe(0);
    const shown = await getPublishedReviews(product.id);
    expect(shown).toMatchObject({ average: 3.5, count: 2, stars: { 5: 1, 2: 1, 1: 0 } });
    expect(shown.reviews.map((review) => review.id)).toEqual([next.id, first.id]);
    expect(await getProductRating(product.id)).toEqual({ average: 3.5, count: 2 });
    const card = (await getStorefrontProducts({ categorySlug: null, color: null, sort: "default", page: 1 })).products.find((each) => each.id === product.id);
    expect(card?.rating).toEqual({ average: 3.5, count: 2 });

    await replyToReview(next.id, "Thank you, sizes are on the page.", owner);
    const replied = productReviewsJson(await getPublishedReviews(product.id));
    expect(replied.reviews[0]).toMatchObject({ _id: next.id, language: "ar", verifiedPurchase: true, reply: { body: "Thank you, sizes are on the page." } });

    await setReviewsStatus([next.id], "hidden", owner);
    expect(await getProductRating(product.id)).toEqual({ average: 5, count: 1 });
    const after = await getPublishedReviews(product.id);
    expect(after.reviews.map((review) => review.id)).toEqual([first.id]);
    const cardAfter = (await getStorefrontProducts({ categorySlug: null, color: null, sort: "default", page: 1 })).products.find((each) => each.id === product.id);
    expect(cardAfter?.rating).toEqual({ average: 5, count: 1 });

    const log = await prisma.auditEntry.findMany({ where: { entityType: "review", entityId: { in: [first.id, next.id] } }, orderBy: { at: "asc" } });
    expect(log.map((entry) => entry.action).sort()).toEqual(["hide", "publish", "publish", "reply"]);
    expect(log.every((entry) => entry.actorId === owner.id)).toBe(true);
    // The log names the product in the page's language (probe 1, finding 9); an entry logged before the Arabic name
    // was kept still names it, in English.
    const names = await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { nameEn: true, nameAr: true } });
    for (const entry of log) {
      const arabic = auditText(fixedT("ar"), entry).summary;
      expect(arabic).toMatch(/^ORD-\d+: .*تقييم /);
      expect(arabic).toContain(names.nameAr);
      expect(arabic).not.toContain(names.nameEn);
      expect(auditText(fixedT("en"), entry).summary).toContain(names.nameEn);
    }
    const older = { ...log[0], params: JSON.stringify({ number: order.orderNumber, name: names.nameEn }) };
    expect(auditText(fixedT("ar"), older).summary).toContain(names.nameEn);
  });
});

describe("the invitation after delivery", () => {
  it("is due REVIEW_INVITE_AFTER after the first delivery and queued once, to the order's channels, with the signed link", async () => {
    const owner = await createAdmin(prisma);
    const { order } = await deliveredOrder({ status: "processing" });
    const before = Date.now();
    await setOrderStatus({ idOrNumber: order.id, status: "delivered", admin: owner });
    const due = (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).reviewInviteAt;
    expect(due).not.toBeNull();
    expect(due!.getTime() - before).toBeGreaterThanOrEqual(72 * 3_600_000 - 1000);

    expect(await prisma.outboxMessage.count({ where: { orderId: order.id, kind: "review_invite" } })).toBe(0);
    await inviteReviews(new Date(due!.getTime() - 1000));
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id, kind: "review_invite" } })).toBe(0);
    const later = new Date(due!.getTime() + 1000);
    await Promise.all([inviteReviews(later), inviteReviews(later)]);
    await inviteReviews(later);
    const messages = await prisma.outboxMessage.findMany({ where: { orderId: order.id, kind: "review_invite" } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "email", language: "ar" });
    const params = JSON.parse(messages[0].params) as { reviewPath: string };
    const token = new URL(`http://shop.test${params.reviewPath}`).searchParams.get("token");
    expect(params.reviewPath.startsWith(`/review/${order.orderNumber}?token=`)).toBe(true);
    expect(isValidReviewToken(order.orderNumber, token)).toBe(true);
  });
});
