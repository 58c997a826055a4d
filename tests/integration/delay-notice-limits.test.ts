/**
 * Issue 42, point 5 (docs/decisions/0068): no delay notice for an unpaid, cancelled or delivered order, and at most 3
 * per order. `POST /api/admin/orders/{id}/delay` answers 409 in both languages; the order page answers the refusal as
 * its message, and for an order that takes no notice says why instead of offering the form. Two clicks at once for
 * the last notice queue one.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { action as orderPage, loader as orderPageLoader } from "~/routes/admin.timsar.orders.$orderId";
import { action as delayApi } from "~/routes/api.admin.orders.$id.delay";
import { createOrder } from "../factories/order";
import { uniqueEmail } from "../factories/unique";
import { adminCookie } from "../support/admin-requests";
import { handlerAnswer } from "../support/handler-answer";

type Handler = Parameters<typeof handlerAnswer>[0];

const answerOf = (handler: Handler, request: Request, params: Record<string, string>) => handlerAnswer(handler, request, params, "10.9.9.10");

const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function postApi(id: string, cookie: string) {
  const request = new Request(`http://localhost/api/admin/orders/${id}/delay`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify({ date: day }) });
  return answerOf(delayApi, request, { id });
}

async function postForm(orderId: string, cookie: string, language: "ar" | "en") {
  const body = new URLSearchParams({ intent: "delay", orderId, date: day });
  const request = new Request(`http://localhost/admin/timsar/orders/${orderId}`, { method: "POST", headers: { Cookie: `${cookie}; lang=${language}`, "Content-Type": "application/x-www-form-urlencoded" }, body });
  return answerOf(orderPage, request, { orderId });
}

async function pageCard(orderId: string, cookie: string, language: "ar" | "en") {
  const request = new Request(`http://localhost/admin/timsar/orders/${orderId}`, { headers: { Cookie: `${cookie}; lang=${language}` } });
  const page = (await orderPageLoader({ request, params: { orderId }, context: { cspNonce: "" } })) as { order: { delayNotice: { sent: string; refusal: string | null } } };
  return page.order.delayNotice;
}

const emails = (orderId: string) => prisma.outboxMessage.count({ where: { orderId, kind: "delay", channel: "email" } });

describe("POST /api/admin/orders/{id}/delay refuses", () => {
  it("an unpaid, a cancelled and a delivered order with 409 in both languages, and queues nothing", async () => {
    const { cookie } = await adminCookie();
    const cases: [Record<string, string>, string][] = [
      [{ paymentStatus: "unpaid" }, "This order is not paid, so no delay notice can be sent. / هذا الطلب غير مدفوع، فلا يمكن إرسال إشعار تأخير."],
      [{ status: "cancelled" }, "This order is cancelled, so no delay notice can be sent. / هذا الطلب ملغى، فلا يمكن إرسال إشعار تأخير."],
      [{ status: "delivered" }, "This order is delivered already, so no delay notice can be sent. / تم توصيل هذا الطلب، فلا يمكن إرسال إشعار تأخير."],
    ];
    for (const [state, message] of cases) {
      const order = await createOrder(prisma, { ...state, email: uniqueEmail("late") });
      expect(await postApi(order.orderNumber, cookie), JSON.stringify(state)).toEqual({ status: 409, body: { message } });
      expect(await emails(order.id)).toBe(0);
    }
  });

  it("a 4th notice with 409, and of three at once for the 3rd lets one through", async () => {
    const { cookie } = await adminCookie();
    const order = await createOrder(prisma, { status: "processing", email: uniqueEmail("late") });
    for (let notice = 0; notice < 2; notice++) expect((await postApi(order.id, cookie)).status).toBe(200);
    const together = await Promise.all([postApi(order.id, cookie), postApi(order.id, cookie), postApi(order.id, cookie)]);
    expect(together.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const fourth = await postApi(order.id, cookie);
    expect(fourth).toEqual({ status: 409, body: { message: "The shopper has had 3 delay notices for this order, the most allowed. / تلقى المتسوق ٣ إشعارات تأخير لهذا الطلب، وهو الحد الأقصى." } });
    expect(await emails(order.id)).toBe(3);
  });
});

describe("the order page's delay notice", () => {
  it("answers a refused notice as the page's message, in its language", async () => {
    const { cookie } = await adminCookie();
    const delivered = await createOrder(prisma, { status: "delivered", email: uniqueEmail("late") });
    expect(await postForm(delivered.id, cookie, "ar")).toEqual({ status: 409, body: { ok: false, message: "تم توصيل هذا الطلب، فلا يمكن إرسال إشعار تأخير." } });
    expect(await postForm(delivered.id, cookie, "en")).toEqual({ status: 409, body: { ok: false, message: "This order is delivered already, so no delay notice can be sent." } });
    expect(await emails(delivered.id)).toBe(0);
  });

  it("offers the form only where a notice can go, says how many went, and why none can", async () => {
    const { cookie } = await adminCookie();
    const onItsWay = await createOrder(prisma, { status: "outForDelivery", email: uniqueEmail("late") });
    expect(await pageCard(onItsWay.id, cookie, "en")).toEqual({ sent: "Delay notices sent: 0 of 3.", refusal: null });
    for (let notice = 0; notice < 3; notice++) expect((await postForm(onItsWay.id, cookie, "en")).status).toBe(303);
    expect(await pageCard(onItsWay.id, cookie, "ar")).toEqual({ sent: "إشعارات التأخير المرسلة: ٣ من ٣.", refusal: "تلقى المتسوق ٣ إشعارات تأخير لهذا الطلب، وهو الحد الأقصى." });

    const unpaid = await createOrder(prisma, { paymentStatus: "unpaid" });
    expect((await pageCard(unpaid.id, cookie, "en")).refusal).toBe("This order is not paid, so no delay notice can be sent.");
    const cancelled = await createOrder(prisma, { status: "cancelled" });
    expect((await pageCard(cancelled.id, cookie, "ar")).refusal).toBe("هذا الطلب ملغى، فلا يمكن إرسال إشعار تأخير.");
  });
});
