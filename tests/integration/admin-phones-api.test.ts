import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader } from "~/routes/api.admin.users.phones";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { uniquePhone } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";

type Phone = { phone: string; orderCount: number; lastOrderAt: string | null };

describe("GET /api/admin/users/phones", () => {
  it("lists registered phones by their last paid order, phones without one last, on either engine", async () => {
    const [recent, older, never] = [uniquePhone(), uniquePhone(), uniquePhone()];
    for (const phone of [never, older, recent]) await createCustomer(prisma, { phone });
    await createOrder(prisma, { phone: recent, createdAt: new Date("2026-05-01T08:00:00Z") });
    await createOrder(prisma, { phone: recent, createdAt: new Date("2026-05-03T08:00:00Z") });
    await createOrder(prisma, { phone: recent, paymentStatus: "unpaid", createdAt: new Date("2026-05-09T08:00:00Z") });
    await createOrder(prisma, { phone: older, createdAt: new Date("2026-04-01T08:00:00Z") });
    await createOrder(prisma, { phone: never, paymentStatus: "failed" });

    const { cookie } = await adminCookie();
    const response = await loader({ request: request("/api/admin/users/phones", { cookie }), params: {}, context: { cspNonce: "" } });
    expect(response.status).toBe(200);
    const { phones } = (await response.json()) as { phones: Phone[] };
    const ours = phones.filter((row) => [recent, older, never].includes(row.phone));
    expect(ours).toEqual([
      { phone: recent, orderCount: 2, lastOrderAt: "2026-05-03T08:00:00.000Z" },
      { phone: older, orderCount: 1, lastOrderAt: "2026-04-01T08:00:00.000Z" },
      { phone: never, orderCount: 0, lastOrderAt: null },
    ]);
    // Every phone without a paid order comes after every phone with one.
    const firstWithout = phones.findIndex((row) => row.lastOrderAt === null);
    expect(phones.slice(firstWithout).every((row) => row.lastOrderAt === null)).toBe(true);
  });
});
