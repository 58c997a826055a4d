/**
 * The optional photo with a review (issue 47, point 2): the review page's multipart form takes one picture under the
 * product pictures' rules (JPEG, PNG or WebP by their bytes, 5 MB, 4000 pixels a side), saved at the review's sizes
 * and shown with the review once published; a bad file is refused with the page's message and leaves no review and
 * no file; a photo sent with a review the shop refuses (a second one) leaves no file either.
 */
import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { getPublishedReviews, reviewLinkPath, setReviewsStatus } from "~/models/reviews/index.server";
import { action as reviewPageAction } from "~/routes/review.$orderNumber";
import { createAdmin } from "../factories/admin";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueAddress } from "../factories/unique";

const reviewsDir = () => path.join(getEnv().uploadsDir, "reviews");
const filesOnDisk = () => new Set(fs.existsSync(reviewsDir()) ? fs.readdirSync(reviewsDir()) : []);
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: "#f472b6" } }).png().toBuffer();

async function deliveredOrder() {
  const product = await createProduct(prisma, { priceFils: 2000, stockQuantity: 5 });
  const order = await createOrder(prisma, { status: "delivered", fullName: "Dana Al-Rashed", items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 2000, quantity: 1 }] });
  return { order, product };
}

type Answer = { status: number; data?: { error: string | null; fields: Record<string, string[]> | null } };

async function send(order: { orderNumber: string }, productId: string, photo: Blob | null, language: "ar" | "en" = "en", fileName = "photo.png"): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "review", productId, rating: "5", title: "With a photo", body: "Here it is on her hair." })) form.append(name, value);
  if (photo) form.append("photo", photo, fileName);
  const request = new Request(`http://localhost${reviewLinkPath(order.orderNumber)}`, { method: "POST", headers: { Cookie: `lang=${language}` }, body: form });
  const result = await reviewPageAction({ request, params: { orderNumber: order.orderNumber }, context: { cspNonce: "", clientAddress: uniqueAddress() } as AppLoadContext });
  if (result instanceof Response) return { status: result.status };
  const { data, init } = result as unknown as { data: Answer["data"]; init?: ResponseInit };
  return { status: init?.status ?? 200, data };
}

describe("a review's photo", () => {
  it("is saved at the review's sizes with the review and shown with it once published", async () => {
    const { order, product } = await deliveredOrder();
    const sent = await send(order, product.id, new Blob([await png(1600, 1200)], { type: "image/png" }));
    expect(sent.status).toBe(303);
    const review = await prisma.review.findFirstOrThrow({ where: { orderId: order.id }, select: { id: true, photoUrl: true } });
    expect(review.photoUrl).toMatch(/^\/uploads\/reviews\/[a-f0-9]{24}\.webp$/);
    const file = path.join(reviewsDir(), path.basename(review.photoUrl!));
    expect((await sharp(file).metadata()).width).toBe(1000);
    expect((await sharp(file.replace(".webp", "-400.webp")).metadata()).width).toBe(400);

    expect((await getPublishedReviews(product.id)).reviews).toHaveLength(0);
    await setReviewsStatus([review.id], "published", await createAdmin(prisma));
    expect((await getPublishedReviews(product.id)).reviews.map((shown) => shown.photoUrl)).toEqual([review.photoUrl]);
  });

  it("refuses a file that is not a picture, or too large a picture, in the page's language, and keeps neither review nor file", async () => {
    const { order, product } = await deliveredOrder();
    const before = filesOnDisk();
    const text = await send(order, product.id, new Blob(["<?php echo 1; ?>"], { type: "image/png" }), "ar", "photo.png");
    expect(text.status).toBe(400);
    expect(text.data?.fields?.photo).toEqual(["تُقبل صور جيه بي إي جي أو بي إن جي أو ويب بي فقط."]);
    const english = await send(order, product.id, new Blob([await png(4100, 10)], { type: "image/png" }), "en");
    expect(english.status).toBe(400);
    expect(english.data?.fields?.photo).toEqual(["The image must be at most 4000 × 4000 pixels."]);
    expect(await prisma.review.count({ where: { orderId: order.id } })).toBe(0);
    expect(filesOnDisk()).toEqual(before);
  });

  it("leaves no file when the review itself is refused (a second one for the same product)", async () => {
    const { order, product } = await deliveredOrder();
    expect((await send(order, product.id, null)).status).toBe(303);
    const before = filesOnDisk();
    const again = await send(order, product.id, new Blob([await png(800, 600)], { type: "image/png" }));
    expect(again.status).toBe(409);
    expect(again.data?.error).toBe("This product of this order has already been reviewed.");
    expect(filesOnDisk()).toEqual(before);
  });
});
