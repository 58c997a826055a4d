/**
 * The owner's delay notice (issue 30) through the order page's form and `POST /api/admin/orders/{id}/delay`: a day
 * from today on queues kind `delay` with the day; a missing, wrong or past day answers the field's message in the
 * page's language (both languages in the API) and queues nothing.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { todayInKuwait } from "~/shared/admin-dates";
import { createOrder } from "../../tests/factories/order";
import { adminCookie } from "../../tests/support/admin-requests";
import { handlerAnswer } from "../../tests/support/handler-answer";
import { action as orderPage, loader as orderPageLoader } from "./admin.timsar.orders.$orderId";
import { action as delayApi } from "./api.admin.orders.$id.delay";

type Handler = Parameters<typeof handlerAnswer>[0];

const call = (handler: Handler, request: Request, params: Record<string, string>) => handlerAnswer(handler, request, params, "10.9.9.9");

const laterDay = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function postForm(orderId: string, fields: Record<string, string>, language: "ar" | "en") {
  const { cookie } = await adminCookie();
  const body = new URLSearchParams({ intent: "delay", orderId, ...fields });
  const request = new Request(`http://localhost/admin/timsar/orders/${orderId}`, { method: "POST", headers: { Cookie: `${cookie}; lang=${language}`, "Content-Type": "application/x-www-form-urlencoded" }, body });
  return call(orderPage, request, { orderId });
}

async function postApi(id: string, body: unknown) {
  const { cookie } = await adminCookie();
  const request = new Request(`http://localhost/api/admin/orders/${id}/delay`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return call(delayApi, request, { id });
}

const delayRows = (orderId: string) => prisma.outboxMessage.findMany({ where: { orderId, kind: "delay" }, select: { channel: true, params: true, status: true } });

describe("the order page's delay form", () => {
  it("queues the notice with the day and says so, in English and in Arabic", async () => {
    const order = await createOrder(prisma, { email: "late@example.com" });
    const day = laterDay(3);
    // Post/Redirect/Get back to the order page, which says so in a flash toast (decision 0049).
    const page = `/admin/timsar/orders/${order.id}`;
    expect(await postForm(order.id, { date: day }, "en")).toEqual({ status: 303, body: { location: page, toast: "The delay notice is queued to the shopper." } });
    expect(await postForm(order.id, { date: todayInKuwait() }, "ar")).toEqual({ status: 303, body: { location: page, toast: "إشعار التأخير في طريقه إلى المتسوق." } });
    expect(await delayRows(order.id)).toEqual([
      { channel: "email", params: JSON.stringify({ date: day }), status: "queued" },
      { channel: "email", params: JSON.stringify({ date: todayInKuwait() }), status: "queued" },
    ]);
  });

  it("answers the field's message for a missing, wrong or past day, and queues nothing", async () => {
    const order = await createOrder(prisma, { email: "late@example.com" });
    const cases: [Record<string, string>, "ar" | "en", string][] = [
      [{}, "en", "Choose the day the order will arrive."],
      [{ date: "" }, "ar", "اختر اليوم الذي سيصل فيه الطلب."],
      [{ date: "next week" }, "en", "Enter the day as a date (YYYY-MM-DD)."],
      [{ date: "2026-13-01" }, "ar", "أدخل اليوم تاريخًا (YYYY-MM-DD)."],
      [{ date: laterDay(-2) }, "en", "Choose today or a later day."],
      [{ date: "2020-01-01" }, "ar", "اختر اليوم أو يومًا بعده."],
    ];
    for (const [fields, language, message] of cases) {
      expect(await postForm(order.id, fields, language), JSON.stringify(fields)).toEqual({ status: 400, body: { ok: false, message, delayProblem: message } });
    }
    expect(await delayRows(order.id)).toEqual([]);
  });

  it("offers today as the earliest day", async () => {
    const order = await createOrder(prisma);
    const { cookie } = await adminCookie();
    const page = (await orderPageLoader({ request: new Request(`http://localhost/admin/timsar/orders/${order.id}`, { headers: { Cookie: cookie } }), params: { orderId: order.id }, context: { cspNonce: "" } })) as { today: string };
    expect(page.today).toBe(todayInKuwait());
  });
});

describe("POST /api/admin/orders/{id}/delay", () => {
  it("queues the notice for the order's id or number", async () => {
    const order = await createOrder(prisma, { email: "late@example.com" });
    const day = laterDay(5);
    const answer = await postApi(order.orderNumber, { date: day });
    expect(answer).toEqual({ status: 200, body: { message: "The delay notice is queued to the shopper. / إشعار التأخير في طريقه إلى المتسوق.", date: day } });
    expect(await delayRows(order.id)).toEqual([{ channel: "email", params: JSON.stringify({ date: day }), status: "queued" }]);
  });

  it("answers 400 with a bilingual fieldErrors.date for a missing, wrong or past day, and 404 for no order", async () => {
    const order = await createOrder(prisma, { email: "late@example.com" });
    for (const body of [{}, { date: null }, { date: 20261201 }, { date: "1/12/2026" }, { date: laterDay(-1) }]) {
      const answer = await postApi(order.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { message, fieldErrors } = answer.body as { message: string; fieldErrors: { date: string[] } };
      expect(fieldErrors).toEqual({ date: [message] });
      expect(message).toMatch(/^[A-Z].+\. \/ .*[\u0600-\u06FF]/);
    }
    expect(await delayRows(order.id)).toEqual([]);
    expect((await postApi("no-such-order", { date: laterDay(1) })).status).toBe(404);
  });
});
