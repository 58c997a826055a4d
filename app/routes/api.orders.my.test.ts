import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomerSession } from "~/auth/session.server";
import { newCreditNoteNumber } from "~/models/payments/index.server";
import { createCustomer } from "../../tests/factories/customer";
import { createOrder } from "../../tests/factories/order";
import { RouteClient } from "../../tests/setup/route-client";
import { loader } from "./api.orders.my";

/** Sara's order, with the address and item the answer below is checked for. */
function makeOrder(customerId: string | null, paymentStatus: string, extra: Partial<{ createdAt: Date }> = {}) {
  return createOrder(prisma, {
    customerId,
    paymentStatus,
    status: "processing",
    fullName: "Sara",
    phone: "51234567",
    floor: "1",
    items: [
      {
        nameEn: "Pink bow",
        nameAr: "فيونكة وردية",
        imageUrl: "/images/bow.webp",
        priceFils: 2250,
        quantity: 2,
        customTags: [{ titleEn: "Name", titleAr: "الاسم", value: "Lulu" }],
      },
    ],
    ...extra,
  });
}

describe("GET /api/orders/my", () => {
  it("answers 401 to anonymous callers", async () => {
    const answer = await new RouteClient().json(loader, "/api/orders/my");
    expect(answer.status).toBe(401);
    expect(answer.body.message).toContain("Please sign in first.");
  });

  it("lists only this customer's paid orders, newest first, in SPEC's shape", async () => {
    const customer = await createCustomer(prisma);
    const other = await createCustomer(prisma);
    const older = await makeOrder(customer.id, "paid", { createdAt: new Date("2026-03-01T10:00:00Z") });
    const newer = await makeOrder(customer.id, "paid", { createdAt: new Date("2026-04-01T10:00:00Z") });
    await makeOrder(customer.id, "unpaid");
    await makeOrder(other.id, "paid");
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);

    const answer = await new RouteClient().json(loader, "/api/orders/my", undefined, { Authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    const orders = answer.body.orders as Record<string, unknown>[];
    expect(orders.map((order) => order.orderNumber)).toEqual([newer.orderNumber, older.orderNumber]);
    expect(orders[0]).toEqual({
      _id: newer.id,
      orderNumber: newer.orderNumber,
      status: "processing",
      createdAt: "2026-04-01T10:00:00.000Z",
      totalAmount: 6.3,
      productsTotal: 4.5,
      discountAmount: 0,
      discount: 0,
      couponCode: null,
      exchangeFor: null,
      deliveryFee: 1.8,
      fullName: "Sara",
      phone: "51234567",
      invoiceUrl: `/uploads/invoices/${newer.orderNumber}.pdf`,
      address: { city: "Hawalli", street: "Tunis St", streetNumber: "3", block: "2", buildingNumber: "14", floor: "1", apartmentNumber: "", notes: "" },
      items: [
        {
          productId: null,
          name: { en: "Pink bow", ar: "فيونكة وردية" },
          imageUrl: "/images/bow.webp",
          quantity: 2,
          price: 2.25,
          customTags: ["Lulu"],
          customTagDetails: [{ title: { en: "Name", ar: "الاسم" }, value: "Lulu" }],
          variantId: null,
          optionValues: [],
        },
      ],
      creditNotes: [],
      deliveredAt: null,
      returns: [],
      // Issue 48: the promise (none on an order made before it existed) and the gift and window (none asked).
      promisedBy: null,
      lateCancelFrom: null,
      lateCancelledAt: null,
      gift: null,
      giftWrapAmount: 0,
      deliverySlot: null,
    });
  });

  it("lists each order's credit notes with the address of their PDF", async () => {
    const customer = await createCustomer(prisma);
    const order = await makeOrder(customer.id, "paid");
    const payment = await prisma.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils } });
    const refund = await prisma.refund.create({ data: { orderId: order.id, paymentId: payment.id, amountFils: 1250, status: "refunded", requestedBy: "owner@example.com" } });
    const createdAt = new Date("2026-04-02T08:00:00.000Z");
    const number = newCreditNoteNumber();
    await prisma.creditNote.create({ data: { number, refundId: refund.id, orderId: order.id, amountFils: 1250, refundedBeforeFils: 0, remainingPaidFils: order.totalFils - 1250, createdAt } });
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);

    const answer = await new RouteClient().json(loader, "/api/orders/my", undefined, { Authorization: `Bearer ${token}` });
    const [listed] = answer.body.orders as { creditNotes: unknown }[];
    expect(listed.creditNotes).toEqual([{ number, amount: 1.25, createdAt: createdAt.toISOString(), url: `/uploads/credit-notes/${number}.pdf` }]);
  });

  it("puts each return and credit note on its own order, and none on the others", async () => {
    const customer = await createCustomer(prisma);
    const [first, second, third] = [
      await makeOrder(customer.id, "paid", { createdAt: new Date("2026-03-01T10:00:00Z") }),
      await makeOrder(customer.id, "paid", { createdAt: new Date("2026-03-02T10:00:00Z") }),
      await makeOrder(customer.id, "paid", { createdAt: new Date("2026-03-03T10:00:00Z") }),
    ];
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: first.id } });
    const returned = await prisma.return.create({
      data: { number: `RET-${Date.now()}`.slice(0, 16), orderId: first.id, resolution: "refund", refundFils: 2250, items: { create: { orderItemId: item.id, quantity: 1, reason: "Too small" } } },
    });
    const payment = await prisma.payment.create({ data: { orderId: second.id, provider: "test", status: "paid", amountFils: second.totalFils } });
    const notes = [];
    for (const [amountFils, day] of [[500, 2], [700, 3]] as const) {
      const refund = await prisma.refund.create({ data: { orderId: second.id, paymentId: payment.id, amountFils, status: "refunded", requestedBy: "owner@example.com" } });
      const number = newCreditNoteNumber();
      await prisma.creditNote.create({ data: { number, refundId: refund.id, orderId: second.id, amountFils, refundedBeforeFils: 0, remainingPaidFils: 0, createdAt: new Date(`2026-04-0${day}T08:00:00Z`) } });
      notes.push(number);
    }
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);

    const answer = await new RouteClient().json(loader, "/api/orders/my", undefined, { Authorization: `Bearer ${token}` });
    const listed = answer.body.orders as { orderNumber: string; creditNotes: { number: string }[]; returns: { number: string; orderNumber: string; items: unknown[] }[] }[];
    expect(listed.map((order) => order.orderNumber)).toEqual([third.orderNumber, second.orderNumber, first.orderNumber]);
    expect(listed.map((order) => order.returns.map((row) => [row.number, row.orderNumber, row.items.length]))).toEqual([[], [], [[returned.number, first.orderNumber, 1]]]);
    expect(listed.map((order) => order.creditNotes.map((note) => note.number))).toEqual([[], notes, []]);
  });
});
