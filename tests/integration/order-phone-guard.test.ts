/**
 * Issue 42, point 1 (docs/decisions/0068): every lookup by order number and phone (the return page, the returns API,
 * the invoice) checks its limits BEFORE it compares the phone. After 10 wrong phones for an order the right phone is
 * refused too (429 with Retry-After and the message in the page's language, or both languages in the API), nothing
 * is shown and no return is made; and one address's wrong phones are counted across order numbers.
 */
import crypto from "node:crypto";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { ORDER_PHONE_GUESSES } from "~/models/orders/index.server";
import { loader as invoiceApi } from "~/routes/api.invoice.$orderNumber";
import { action as returnsApi } from "~/routes/api.orders.$orderNumber_.returns";
import { action as returnPageAction, loader as returnPage } from "~/routes/view-invoice_.return";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createSession } from "../factories/session";
import { uniqueAddress } from "../factories/unique";
import { expectConformsToOpenApi } from "../support/openapi-conformance";

type Handler = (args: ActionFunctionArgs) => unknown;
type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> };

async function answerOf(handler: Handler, request: Request, address: string, params: Record<string, string> = {}): Promise<Answer> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", clientAddress: address } as AppLoadContext });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    if (new URL(request.url).pathname.startsWith("/api/")) await expectConformsToOpenApi(request.method, request.url, result.clone());
    const body = result.headers.get("Content-Type")?.includes("json") ? ((await result.json()) as Record<string, unknown>) : {};
    return { status: result.status, retryAfter: result.headers.get("Retry-After"), body };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After"), body: data };
  }
  return { status: 200, retryAfter: null, body: result as Record<string, unknown> };
}

async function deliveredOrder() {
  const product = await createProduct(prisma, { priceFils: 2000, stockQuantity: 4 });
  const order = await createOrder(prisma, { status: "delivered", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2000, quantity: 2, productId: product.id }] });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
  return { order, product };
}

/** A Kuwaiti phone that is not the order's. */
function wrongPhone(order: { phone: string }): string {
  for (;;) {
    const phone = `9${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
    if (phone !== order.phone) return phone;
  }
}

const openPage = (order: { orderNumber: string }, phone: string, address: string, language: "ar" | "en" = "en") =>
  answerOf(returnPage, new Request(`http://localhost/view-invoice/return?${new URLSearchParams({ orderNumber: order.orderNumber, phone })}`, { headers: { Cookie: `lang=${language}` } }), address);

function postPage(order: { orderNumber: string }, phone: string, itemId: string, address: string) {
  const body = new URLSearchParams({ orderNumber: order.orderNumber, phone, resolution: "refund", "items[0].orderItemId": itemId, "items[0].quantity": "1", "items[0].reason": "damaged" });
  const request = new Request("http://localhost/view-invoice/return", { method: "POST", headers: { Cookie: "lang=ar", "Content-Type": "application/x-www-form-urlencoded" }, body });
  return answerOf(returnPageAction, request, address);
}

function postApi(order: { orderNumber: string }, body: Record<string, unknown>, address: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/api/orders/${order.orderNumber}/returns`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
  return answerOf(returnsApi, request, address, { orderNumber: order.orderNumber });
}

const readInvoice = (order: { orderNumber: string }, phone: string, address: string) =>
  answerOf(invoiceApi, new Request(`http://localhost/api/invoice/${order.orderNumber}?phone=${phone}`), address, { orderNumber: order.orderNumber });

const returnsOf = (orderId: string) => prisma.return.count({ where: { orderId } });

/** Spends the order's budget of wrong phones, each from an address of its own (the per-order limit alone). */
async function spendOrderGuesses(order: { orderNumber: string; phone: string }) {
  for (let guess = 0; guess < ORDER_PHONE_GUESSES.perOrder.limit; guess++) {
    expect((await openPage(order, wrongPhone(order), uniqueAddress())).status).toBe(403);
  }
}

const TOO_MANY_EN = "Too many attempts. Please wait a few minutes and try again.";
const TOO_MANY_AR = "محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";

describe("the per-order limit on phone guesses", () => {
  it("refuses the RIGHT phone on the return page after 10 wrong ones, with Retry-After, and shows none of the order", async () => {
    const { order } = await deliveredOrder();
    expect((await openPage(order, order.phone, uniqueAddress())).status).toBe(200);
    await spendOrderGuesses(order);

    const english = await openPage(order, order.phone, uniqueAddress(), "en");
    expect(english.status).toBe(429);
    expect(Number(english.retryAfter)).toBeGreaterThan(0);
    expect(english.body.error).toBe(TOO_MANY_EN);
    expect(english.body.view).toEqual({ kind: "limited", retryAfterSeconds: expect.any(Number) });
    const arabic = await openPage(order, order.phone, uniqueAddress(), "ar");
    expect([arabic.status, arabic.body.error]).toEqual([429, TOO_MANY_AR]);
    expect(Number(arabic.retryAfter)).toBeGreaterThan(0);
  });

  it("refuses the RIGHT phone on the returns API and the page's form after 10 wrong ones, and makes no return", async () => {
    const { order, product } = await deliveredOrder();
    const items = [{ productId: product.id, quantity: 1, reason: "damaged" }];
    for (let guess = 0; guess < ORDER_PHONE_GUESSES.perOrder.limit; guess++) {
      expect((await postApi(order, { phone: wrongPhone(order), items, resolution: "refund" }, uniqueAddress())).status).toBe(403);
    }
    const refused = await postApi(order, { phone: order.phone, items, resolution: "refund" }, uniqueAddress());
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body.message).toBe(`${TOO_MANY_EN} / ${TOO_MANY_AR}`);

    const [item] = await prisma.orderItem.findMany({ where: { orderId: order.id } });
    const form = await postPage(order, order.phone, item.id, uniqueAddress());
    expect([form.status, form.body.error]).toEqual([429, TOO_MANY_AR]);
    expect(Number(form.retryAfter)).toBeGreaterThan(0);
    expect(await returnsOf(order.id)).toBe(0);
  });

  it("is one budget for every lookup: wrong phones on the return page also close the invoice to the right phone", async () => {
    const { order } = await deliveredOrder();
    await spendOrderGuesses(order);
    const invoice = await readInvoice(order, order.phone, uniqueAddress());
    expect(invoice.status).toBe(429);
    expect(Number(invoice.retryAfter)).toBeGreaterThan(0);
    expect(invoice.body).toEqual({ message: `${TOO_MANY_EN} / ${TOO_MANY_AR}` });
  });

  it("does not count the right phone, and never limits the signed-in owner", async () => {
    const { order, product } = await deliveredOrder();
    const address = uniqueAddress();
    for (let look = 0; look < ORDER_PHONE_GUESSES.perOrder.limit + 2; look++) expect((await openPage(order, order.phone, address)).status).toBe(200);
    await spendOrderGuesses(order);

    const customer = await createCustomer(prisma);
    await prisma.order.update({ where: { id: order.id }, data: { customerId: customer.id } });
    const cookie = (await getCustomerSessionCookie().serialize(await createSession(prisma, { customerId: customer.id }))).split(";")[0];
    const made = await postApi(order, { items: [{ productId: product.id, quantity: 1, reason: "damaged" }], resolution: "refund" }, uniqueAddress(), { Cookie: cookie });
    expect(made.status).toBe(201);
  });
});

describe("the per-address limit on phone guesses", () => {
  it("holds across order numbers: after 30 wrong phones from one address, the right phone of another order is refused there, not elsewhere", async () => {
    const address = uniqueAddress();
    const perOrder = ORDER_PHONE_GUESSES.perOrder.limit;
    const orders = await Promise.all(Array.from({ length: ORDER_PHONE_GUESSES.perAddress.limit / perOrder }, () => deliveredOrder()));
    for (const { order } of orders) {
      for (let guess = 0; guess < perOrder; guess++) expect((await openPage(order, wrongPhone(order), address)).status).toBe(403);
    }
    const { order: fresh, product } = await deliveredOrder();
    const page = await openPage(fresh, fresh.phone, address);
    expect(page.status).toBe(429);
    expect(Number(page.retryAfter)).toBeGreaterThan(0);
    const api = await postApi(fresh, { phone: fresh.phone, items: [{ productId: product.id, quantity: 1, reason: "damaged" }], resolution: "refund" }, address);
    expect(api.status).toBe(429);
    expect(Number(api.retryAfter)).toBeGreaterThan(0);
    expect((await readInvoice(fresh, fresh.phone, address)).status).toBe(429);

    expect((await openPage(fresh, fresh.phone, uniqueAddress())).status).toBe(200);
    expect(await returnsOf(fresh.id)).toBe(0);
  });
});
