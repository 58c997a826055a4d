/**
 * The reviews bench's data (scripts/bench/reviews.ts), in a process of its own on the bench's database (SQLite or
 * PostgreSQL) through the shop's own client: one visible product like the demo's, bought in 500 delivered orders, each
 * with a published review (Arabic and English, a third with the owner's reply). Prints the product's id.
 */
import crypto from "node:crypto";

const REVIEWS = 500;
const BATCH = 250;

process.env.APP_URL ??= "http://127.0.0.1";
const { prisma, prepareDatabase } = await import("../../../app/db.server");
await prepareDatabase();

const stamp = crypto.randomBytes(4).toString("hex");
const model = await prisma.product.findUniqueOrThrow({ where: { id: "seed-product-03" } });
const productId = `bench-reviewed-${stamp}`;
await prisma.product.create({
  data: {
    id: productId,
    nameEn: `${model.nameEn} (reviewed)`,
    nameAr: `${model.nameAr} (مقيّمة)`,
    descriptionEn: model.descriptionEn,
    descriptionAr: model.descriptionAr,
    priceFils: model.priceFils,
    stockQuantity: 50,
    imageUrl: model.imageUrl,
    filterColor: model.filterColor,
    categoryId: model.categoryId,
  },
});
const now = Date.now();
for (let start = 0; start < REVIEWS; start += BATCH) {
  const indexes = Array.from({ length: Math.min(BATCH, REVIEWS - start) }, (_, offset) => start + offset);
  await prisma.order.createMany({
    data: indexes.map((index) => ({
      id: `bench-review-order-${stamp}-${index}`,
      orderNumber: `BV-${stamp}-${index}`,
      fullName: index % 2 ? "Noor Al-Sabah" : "فاطمة الكندري",
      email: `bench-review-${index}@example.com`,
      phone: `6${String(index).padStart(7, "0")}`,
      buildingType: "Apartment",
      city: "Hawalli",
      street: "Tunis",
      streetNumber: "1",
      block: "2",
      buildingNumber: "3",
      subtotalFils: model.priceFils,
      deliveryFeeFils: 1000,
      totalFils: model.priceFils + 1000,
      paymentStatus: "paid",
      status: "delivered",
      createdAt: new Date(now - (index + 3) * 86_400_000),
      deliveredAt: new Date(now - (index + 1) * 86_400_000),
    })),
  });
  await prisma.review.createMany({
    data: indexes.map((index) => ({
      orderId: `bench-review-order-${stamp}-${index}`,
      productId,
      rating: 1 + ((index * 7) % 5),
      title: index % 2 ? "Lovely bow" : "فيونكة جميلة",
      body: index % 2 ? "Soft, well made and the colour is as in the picture. My daughter wears it every day to school." : "ناعمة ومتقنة واللون مثل الصورة. ابنتي تلبسها كل يوم إلى المدرسة.",
      authorName: index % 2 ? "Noor S." : "فاطمة ك.",
      language: index % 2 ? "en" : "ar",
      status: "published",
      reply: index % 3 === 0 ? "Thank you for your kind words." : null,
      repliedAt: index % 3 === 0 ? new Date(now - index * 86_400_000) : null,
      createdAt: new Date(now - index * 86_400_000),
    })),
  });
}
process.stdout.write(`${JSON.stringify({ productId, reviews: await prisma.review.count({ where: { productId, status: "published" } }) })}\n`);
await prisma.$disconnect();
