import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomerSession } from "~/auth/session.server";
import { RouteClient } from "../../tests/setup/route-client";
import { loader } from "./api.orders.my";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function makeOrder(customerId: string | null, paymentStatus: string, extra: Partial<{ createdAt: Date }> = {}) {
  return prisma.order.create({
    data: {
      orderNumber: `ORD-${unique()}`,
      customerId,
      isGuest: !customerId,
      fullName: "Sara",
      email: "sara@example.com",
      phone: "51234567",
      buildingType: "Apartment",
      city: "Hawalli",
      street: "Tunis St",
      streetNumber: "3",
      block: "2",
      buildingNumber: "14",
      floor: "1",
      subtotalFils: 4500,
      deliveryFeeFils: 1800,
      totalFils: 6300,
      status: "processing",
      paymentStatus,
      ...extra,
      items: {
        create: [
          {
            nameEn: "Pink bow",
            nameAr: "فيونكة وردية",
            imageUrl: "/images/bow.webp",
            priceFils: 2250,
            quantity: 2,
            customTags: [{ titleEn: "Name", titleAr: "الاسم", value: "Lulu" }],
          },
        ],
      },
    },
  });
}

describe("GET /api/orders/my", () => {
  it("answers 401 to anonymous callers", async () => {
    const answer = await new RouteClient().json(loader, "/api/orders/my");
    expect(answer.status).toBe(401);
    expect(answer.body.message).toContain("Please sign in first.");
  });

  it("lists only this customer's paid orders, newest first, in SPEC's shape", async () => {
    const customer = await prisma.customer.create({ data: { email: `orders-${unique()}@example.com`, isVerified: true } });
    const other = await prisma.customer.create({ data: { email: `other-${unique()}@example.com`, isVerified: true } });
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
        },
      ],
    });
  });
});
