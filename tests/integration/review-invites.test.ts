/**
 * The review invitation end to end (issue 47, point 1; decision 0090), on both engines, with a real SMTP server on
 * loopback and REVIEW_INVITE_AFTER shortened to two seconds: the owner marks an order delivered through the API, the
 * invitation job and the outbox (their own timers, as the server runs them) send exactly one e-mail in the order's
 * language, whose link opens the order's review page without signing in and takes a review; none for an order not
 * delivered, none a second time (another pass, or the order delivered again).
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startOutbox } from "~/models/jobs/index.server";
import { inviteReviews, startReviewInvites } from "~/models/reviews/index.server";
import * as statusApi from "~/routes/api.admin.orders.$id.status";
import * as reviewPage from "~/routes/review.$orderNumber";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueAddress, uniqueEmail } from "../factories/unique";
import { startSmtpServer } from "../setup/smtp";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

const smtp = await startSmtpServer();
// Before the first getEnv() of this file's module graph: the shop reads its variables once.
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url, REVIEW_INVITE_AFTER: "2s" });
afterAll(() => smtp.close());

const invitesTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email) && mail.html.includes("data-review-link"));

async function orderOf(language: "ar" | "en", status: string) {
  const product = await createProduct(prisma, { nameEn: "Velvet Bow", nameAr: "فيونكة مخملية", priceFils: 3000, stockQuantity: 5 });
  const email = uniqueEmail("invite");
  const order = await createOrder(prisma, {
    status,
    email,
    fullName: language === "ar" ? "فاطمة الكندري" : "Noor Al-Sabah",
    items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 3000, quantity: 1 }],
  });
  await prisma.order.update({ where: { id: order.id }, data: { language } });
  return { order, product, email };
}

async function setStatus(orderId: string, status: string) {
  const { cookie } = await adminCookie("orders");
  const response = await runChecked(statusApi.action, request(`/api/admin/orders/${orderId}/status`, { method: "PUT", cookie, json: { status } }), { id: orderId });
  expect(response.status).toBe(200);
}

function linkOf(html: string): string {
  return (/href="([^"]+)" data-review-link/.exec(html)?.[1] ?? "").replaceAll("&amp;", "&");
}

const context = () => ({ cspNonce: "", clientAddress: uniqueAddress() }) as AppLoadContext;

describe("the review invitation", { timeout: 60_000 }, () => {
  it("is sent once, REVIEW_INVITE_AFTER after delivery, in the order's language, with a link that opens the review page and takes a review", async () => {
    const arabic = await orderOf("ar", "outForDelivery");
    const english = await orderOf("en", "outForDelivery");
    const undelivered = await orderOf("en", "outForDelivery");
    await setStatus(arabic.order.id, "delivered");
    await setStatus(english.order.id, "delivered");
    // Due REVIEW_INVITE_AFTER (two seconds here) after the delivery, and not before.
    const { deliveredAt, reviewInviteAt } = await prisma.order.findUniqueOrThrow({ where: { id: arabic.order.id }, select: { deliveredAt: true, reviewInviteAt: true } });
    expect(reviewInviteAt!.getTime() - deliveredAt!.getTime()).toBe(2000);
    expect(await inviteReviews(new Date(deliveredAt!.getTime() + 1000))).toBe(0);
    expect(await prisma.order.findUniqueOrThrow({ where: { id: undelivered.order.id }, select: { reviewInviteAt: true } })).toEqual({ reviewInviteAt: null });

    const stopInvites = startReviewInvites();
    const stopOutbox = startOutbox();
    try {
      // The delivery's own status mail comes first; the invitation follows once due.
      await expect.poll(() => invitesTo(english.email).length + invitesTo(arabic.email).length, { timeout: 20_000 }).toBe(2);
      const [mail] = invitesTo(english.email);
      expect(mail.subject).toBe(`How did you find your order ${english.order.orderNumber}?`);
      expect(mail.text).toContain("Hello Noor Al-Sabah,");
      expect(mail.text).toContain("- Velvet Bow");
      expect(mail.html).toContain('dir="ltr"');

      const [arabicMail] = invitesTo(arabic.email);
      expect(arabicMail.subject).toContain("ما رأيك في طلبك");
      expect(arabicMail.subject).toContain(arabic.order.orderNumber);
      expect(arabicMail.text).toContain("- فيونكة مخملية");
      expect(arabicMail.html).toContain('dir="rtl"');
      expect(arabicMail.text).not.toMatch(/Velvet|Hello|Write|Thank/);

      // The link: the order's review page, opened without a session or a phone, takes a review.
      const link = linkOf(mail.html);
      expect(link).toMatch(new RegExp(`^http://shop\\.test/review/${english.order.orderNumber}\\?token=`));
      expect(mail.text).toContain(link);
      const opened = (await reviewPage.loader({ request: new Request(link, { headers: { Cookie: "lang=en" } }), params: { orderNumber: english.order.orderNumber }, context: context() })) as unknown as {
        data: { view: { kind: string; delivered: boolean; products: { productId: string; review: unknown }[] } };
      };
      expect(opened.data.view).toMatchObject({ kind: "found", delivered: true, products: [{ productId: english.product.id, review: null }] });
      const form = new URLSearchParams({ intent: "review", productId: english.product.id, rating: "5", title: "Lovely", body: "Soft and pretty." });
      const sent = await reviewPage.action({ request: new Request(link, { method: "POST", headers: { Cookie: "lang=en", "Content-Type": "application/x-www-form-urlencoded" }, body: form }), params: { orderNumber: english.order.orderNumber }, context: context() });
      expect((sent as Response).status).toBe(303);
      expect(await prisma.review.findMany({ where: { orderId: english.order.id }, select: { rating: true, language: true, status: true } })).toEqual([{ rating: 5, language: "en", status: "pending" }]);

      // None twice: another pass later, and the order delivered again, invite no one more.
      await setStatus(arabic.order.id, "outForDelivery");
      await setStatus(arabic.order.id, "delivered");
      expect(await prisma.order.findUniqueOrThrow({ where: { id: arabic.order.id }, select: { reviewInviteAt: true } })).toEqual({ reviewInviteAt: null });
      expect(await inviteReviews(new Date(Date.now() + 24 * 3_600_000))).toBe(0);
    } finally {
      await Promise.all([stopInvites(), stopOutbox()]);
    }
    expect(invitesTo(english.email)).toHaveLength(1);
    expect(invitesTo(arabic.email)).toHaveLength(1);
    expect(invitesTo(undelivered.email)).toHaveLength(0);
    expect(await prisma.outboxMessage.count({ where: { orderId: { in: [arabic.order.id, english.order.id, undelivered.order.id] }, kind: "review_invite" } })).toBe(2);
  });
});
