/**
 * The returns API (CONTRACT.md "Returns and exchanges", issue 32): the shopper's POST with the phone or as the signed-in
 * owner, its refusals with their statuses, and the owner's list, return and decisions, every answer checked against
 * the OpenAPI document; the order as read gains `deliveredAt` and `returns`.
 */
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../../tests/factories/customer";
import { createOrder } from "../../tests/factories/order";
import { createProduct } from "../../tests/factories/product";
import { createSession } from "../../tests/factories/session";
import { uniqueId } from "../../tests/factories/unique";
import { adminCookie } from "../../tests/support/admin-requests";
import { expectConformsToOpenApi } from "../../tests/support/openapi-conformance";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { action as requestApi } from "./api.orders.$orderNumber_.returns";
import { loader as listApi } from "./api.admin.returns._index";
import { loader as oneApi } from "./api.admin.returns.$id._index";
import { action as statusApi } from "./api.admin.returns.$id.status";
import { loader as adminOrderApi } from "./api.admin.orders.$id._index";

type Handler = (args: ActionFunctionArgs) => unknown;
/** The fields these tests read; the whole answer is checked against the OpenAPI document. */
type ReturnRead = { _id: string; number: string; status: string; items: unknown[]; lines: unknown[]; history: { toStatus: string }[] };
type Answer = { message: string; return: ReturnRead; returns: { _id: string }[]; order: { creditNotes: unknown[] }; fieldErrors: Record<string, string[]> };

async function call(handler: Handler, request: Request, params: Record<string, string>) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", clientAddress: uniqueId("ip") } });
  } catch (thrown) {
    result = thrown;
  }
  if (!(result instanceof Response)) throw new Error(`not a response: ${String(result)}`);
  await expectConformsToOpenApi(request.method, request.url, result.clone());
  return { status: result.status, body: (await result.json()) as Answer };
}

function json(method: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
}

async function deliveredOrder() {
  const product = await createProduct(prisma, { priceFils: 2000, stockQuantity: 4 });
  const order = await createOrder(prisma, { status: "delivered", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2000, quantity: 2, productId: product.id }] });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
  await prisma.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
  return { order, product };
}

const ask = (order: { orderNumber: string }, body: unknown, headers: Record<string, string> = {}) =>
  call(requestApi, json("POST", `/api/orders/${order.orderNumber}/returns`, body, headers), { orderNumber: order.orderNumber });

describe("POST /api/orders/{orderNumber}/returns", () => {
  it("records a return with the phone, and refuses a wrong phone, an unknown order, a closed order and a bad body", async () => {
    const { order, product } = await deliveredOrder();
    const items = [{ productId: product.id, quantity: 1, reason: "wrongSize" }];
    const made = await ask(order, { phone: order.phone, items, resolution: "exchange", notes: "Too small" });
    expect(made.status).toBe(201);
    expect(made.body.return).toMatchObject({ number: expect.stringMatching(/^RET-\d+$/), orderNumber: order.orderNumber, status: "requested", resolution: "exchange", refundAmount: 2 });
    expect(made.body.return.items).toEqual([
      { productId: product.id, variantId: null, name: { en: "Bow", ar: "فيونكة" }, quantity: 1, reason: "wrongSize", exchangeVariantId: null, exchangeOptionValues: [] },
    ]);
    const otherProduct = await createProduct(prisma);
    const notItsVariant = await ask(order, { phone: order.phone, items: [{ ...items[0], exchangeVariantId: otherProduct.id }], resolution: "exchange" });
    expect(notItsVariant.status).toBe(409);
    expect(notItsVariant.body.message).toBe(
      "The size or colour asked for in exchange is not one of that product's. / المقاس أو اللون المطلوب في الاستبدال ليس من خيارات هذا المنتج.",
    );

    const withRefund = await ask(order, { phone: order.phone, items: [{ ...items[0], exchangeVariantId: otherProduct.id }], resolution: "refund" });
    expect(withRefund.status).toBe(400);
    expect(withRefund.body.message).toBe(
      'You chose another size or colour, which is an exchange: choose an exchange, or set the item back to "The same" for a refund. / اخترت مقاسًا أو لونًا آخر، وهذا استبدال: اختر الاستبدال، أو أعد اختيارك إلى "نفس المنتج" لاسترداد السعر.',
    );

    expect((await ask(order, { phone: "60000000", items, resolution: "refund" })).status).toBe(403);
    expect((await ask({ orderNumber: "ORD-000000000001" }, { phone: order.phone, items, resolution: "refund" })).status).toBe(404);
    const tooMany = await ask(order, { phone: order.phone, items: [{ ...items[0], quantity: 2 }], resolution: "refund" });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe("You asked to return more of an item than is left to return. / طلبت إرجاع كمية أكبر مما تبقى من المنتج.");
    expect((await ask(order, { phone: order.phone, items: [{ ...items[0], reason: "bored" }], resolution: "refund" })).status).toBe(400);

    const notYet = await createOrder(prisma, { status: "processing" });
    const early = await ask(notYet, { phone: notYet.phone, items, resolution: "refund" });
    expect(early.status).toBe(409);
  });

  it("answers a bad reason or resolution with the shop's words under its field, never zod's", async () => {
    const { order, product } = await deliveredOrder();
    const reason = await ask(order, { phone: order.phone, items: [{ productId: product.id, quantity: 1, reason: "broken" }], resolution: "swap" });
    expect(reason.status).toBe(400);
    const reasonText = "Each item's reason must be one of: changedMind, wrongSize, damaged, notAsDescribed, wrongItem, other.";
    expect(reason.body.message.startsWith(`${reasonText} / `)).toBe(true);
    expect((reason.body as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      "items.0.reason": [reason.body.message],
      resolution: ["The resolution must be one of: refund, exchange. / يجب أن يكون الحل واحداً من: refund, exchange."],
    });
  });

  it("answers a phone that is not a Kuwaiti phone with SPEC's phone error, and reads +965, 00965 and Arabic-Indic digits", async () => {
    const { order, product } = await deliveredOrder();
    const items = [{ productId: product.id, quantity: 1, reason: "damaged" }];
    const short = await ask(order, { phone: "5512", items, resolution: "refund" });
    expect(short.status).toBe(400);
    const phoneError = "Please enter a valid Kuwaiti phone number (8 digits, starts with 5, 6, or 9). / ";
    expect(short.body.message.startsWith(phoneError)).toBe(true);
    expect((short.body as unknown as { fieldErrors: Record<string, string[]> }).fieldErrors.phone).toEqual([short.body.message]);
    const arabicIndic = order.phone.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
    expect((await ask(order, { phone: `+965 ${order.phone}`, items, resolution: "refund" })).status).toBe(201);
    expect((await ask(order, { phone: arabicIndic, items, resolution: "refund" })).status).toBe(201);
    expect((await ask(order, { phone: `00965${order.phone}`, items, resolution: "refund" })).status).toBe(409);
  });

  it("lets the signed-in owner ask without the phone", async () => {
    const { order, product } = await deliveredOrder();
    const customer = await createCustomer(prisma);
    await prisma.order.update({ where: { id: order.id }, data: { customerId: customer.id } });
    const sessionId = await createSession(prisma, { customerId: customer.id });
    const cookie = await getCustomerSessionCookie().serialize(sessionId);
    const made = await ask(order, { items: [{ productId: product.id, quantity: 2, reason: "damaged" }], resolution: "refund" }, { Cookie: cookie.split(";")[0] });
    expect(made.status).toBe(201);
  });
});

describe("the owner's returns API", () => {
  it("lists, reads and decides: approve, receive with restock, refund with a credit note; the order shows it", async () => {
    const { order, product } = await deliveredOrder();
    const made = await ask(order, { phone: order.phone, items: [{ productId: product.id, quantity: 2, reason: "changedMind" }], resolution: "refund" });
    const id = made.body.return._id as string;
    const { cookie } = await adminCookie();
    const admin = { Cookie: cookie };

    const list = await call(listApi, new Request(`http://localhost/api/admin/returns?status=requested&q=${made.body.return.number}`, { headers: admin }), {});
    expect(list.status).toBe(200);
    expect(list.body.returns.map((row) => row._id)).toEqual([id]);

    const put = (body: unknown) => call(statusApi, json("PUT", `/api/admin/returns/${id}/status`, body, admin), { id });
    expect((await put({ status: "refunded" })).status).toBe(409);
    expect((await put({ status: "lost" })).status).toBe(400);
    expect((await put({ status: "approved", note: "See you in Hawalli" })).body.return.status).toBe("approved");
    const stock = (await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity;
    expect((await put({ status: "received", restock: true })).body.return.lines).toEqual([expect.objectContaining({ quantity: 2, restocked: true })]);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(stock + 2);
    expect((await put({ status: "refunded", refundAmount: 4.001 })).status).toBe(409);
    // A refund amount that is no amount is said as such, under its field, not as "Unknown status or amount." (probe 9).
    const negative = await put({ status: "refunded", refundAmount: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.fieldErrors.refundAmount[0]).toContain("Enter an amount in KD above 0");
    const refunded = await put({ status: "refunded" });
    expect(refunded.status).toBe(200);
    expect(refunded.body.return).toMatchObject({ status: "refunded", refundAmount: 4 });
    expect(refunded.body.return.history.map((change) => change.toStatus)).toEqual(["requested", "approved", "received", "refunded"]);

    const one = await call(oneApi, new Request(`http://localhost/api/admin/returns/${made.body.return.number}`, { headers: admin }), { id: made.body.return.number });
    expect(one.body.return._id).toBe(id);
    const shown = await call(adminOrderApi, new Request(`http://localhost/api/admin/orders/${order.id}`, { headers: admin }), { id: order.id });
    expect(shown.body.order).toMatchObject({ deliveredAt: expect.any(String), refundedAmount: 4, returns: [expect.objectContaining({ _id: id, status: "refunded" })] });
    expect(shown.body.order.creditNotes).toHaveLength(1);
  });

  it("answers 404 for an unknown return", async () => {
    const { cookie } = await adminCookie();
    const missing = await call(oneApi, new Request("http://localhost/api/admin/returns/nope", { headers: { Cookie: cookie } }), { id: "nope" });
    expect(missing.status).toBe(404);
  });
});
