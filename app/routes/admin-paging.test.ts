import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../tests/factories/order";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { loader as groupedOrdersPage } from "./admin.timsar.grouped-orders";
import { loader as ordersPage } from "./admin.timsar.orders._index";
import { loader as groupedOrdersRoute } from "./api.admin.grouped-orders";
import { loader as ordersRoute } from "./api.admin.orders._index";
import { checkedRoute } from "../../tests/support/openapi-conformance";

/** Every answer is checked against the OpenAPI document on its way out. */
const groupedOrdersApi = checkedRoute(groupedOrdersRoute);
const ordersApi = checkedRoute(ordersRoute);

const context = { cspNonce: "", clientAddress: "10.9.9.9" };

async function answer(result: Promise<unknown>): Promise<Response> {
  try {
    const value = await result;
    return value instanceof Response ? value : Response.json(value);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

// Paging parameters are whole numbers within range (issue 13): the API says what was wrong, pages show page 1.
describe("paging parameters of the admin lists", () => {
  it("the API answers 400 with a bilingual message for fractions, signs and values out of range", async () => {
    const { cookie } = await adminCookie();
    for (const query of ["page=1.5", "pageSize=2.5", "page=-1", "pageSize=0", "pageSize=101", "page=1e3"]) {
      const response = await answer(ordersApi({ request: request(`/api/admin/orders?${query}`, { cookie }), params: {}, context }));
      expect(response.status, query).toBe(400);
      const { message } = (await response.json()) as { message: string };
      expect(message).toMatch(/^page(Size)? must be a whole number from \d+ to \d+\. \/ .*عدداً صحيحاً/);
    }
    for (const query of ["page=1.5", "pageSize=2.5", "pageSize=501"]) {
      const response = await answer(groupedOrdersApi({ request: request(`/api/admin/grouped-orders?${query}`, { cookie }), params: {}, context }));
      expect(response.status, query).toBe(400);
    }
  });

  it("the API still pages with whole numbers and defaults", async () => {
    const { cookie } = await adminCookie();
    await createOrder(prisma, { status: "pending" });
    await createOrder(prisma, { status: "pending" });
    const paged = await answer(ordersApi({ request: request("/api/admin/orders?page=2&pageSize=1", { cookie }), params: {}, context }));
    expect(paged.status).toBe(200);
    expect(await paged.json()).toMatchObject({ page: 2, orders: [expect.anything()] });
    const grouped = await answer(groupedOrdersApi({ request: request("/api/admin/grouped-orders", { cookie }), params: {}, context }));
    expect(grouped.status).toBe(200);
  });

  it("the admin pages fall back to the first page for a page that is not a whole number", async () => {
    const { cookie } = await adminCookie();
    for (let i = 0; i < 21; i++) await createOrder(prisma, { status: "pending" });
    for (const query of ["page=1.5", "page=abc", "page=-3"]) {
      const orders = await answer(ordersPage({ request: request(`/admin/timsar/orders?${query}`, { cookie }), params: {}, context }));
      expect(orders.status, query).toBe(200);
      expect(((await orders.json()) as { page: number }).page, query).toBe(1);
      const grouped = await answer(groupedOrdersPage({ request: request(`/admin/timsar/grouped-orders?${query}`, { cookie }), params: {}, context }));
      expect(grouped.status, query).toBe(200);
      expect(((await grouped.json()) as { page: number }).page, query).toBe(1);
    }
  });

  it("says why a delivered or cancelled list's dates give nothing: a range that ends before it starts, or a date it cannot read (probe 9)", async () => {
    const { cookie } = await adminCookie();
    const problem = async (query: string, language: "ar" | "en") => {
      const page = await answer(ordersPage({ request: request(`/admin/timsar/orders?status=delivered&${query}`, { cookie: `${cookie}; lang=${language}` }), params: {}, context }));
      return ((await page.json()) as { dateProblem: string | null }).dateProblem;
    };
    expect(await problem("dateFrom=2026-12-05&dateTo=2026-12-01", "en")).toBe("The start date must not be after the end date.");
    expect(await problem("dateFrom=2026-12-05&dateTo=2026-12-01", "ar")).toBe("يجب ألا يكون تاريخ البداية بعد تاريخ النهاية.");
    expect(await problem("dateFrom=2026-13-45", "en")).toBe("Please enter valid dates.");
    expect(await problem("dateFrom=2026-12-01&dateTo=2026-12-05", "en")).toBeNull();
  });
});
