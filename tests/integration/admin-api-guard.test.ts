import { describe, expect, it } from "vitest";
import * as categories from "~/routes/api.admin.categories._index";
import * as category from "~/routes/api.admin.categories.$id._index";
import * as categoryProducts from "~/routes/api.admin.categories.$id.products";
import * as categoryToggle from "~/routes/api.admin.categories.$id.toggle";
import * as grouped from "~/routes/api.admin.grouped-orders";
import * as orders from "~/routes/api.admin.orders._index";
import * as order from "~/routes/api.admin.orders.$id._index";
import * as orderStatus from "~/routes/api.admin.orders.$id.status";
import * as products from "~/routes/api.admin.products._index";
import * as product from "~/routes/api.admin.products.$id._index";
import * as productToggle from "~/routes/api.admin.products.$id.toggle";
import * as salesReport from "~/routes/api.admin.sales-report";
import * as byPhone from "~/routes/api.admin.users.orders.by-phone.$phone";
import * as phones from "~/routes/api.admin.users.phones";
import * as upload from "~/routes/api.upload";
import { adminCookie, customerToken, request } from "../support/admin-requests";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

/** Every admin call of SPEC section 7 (login and session excepted) with the method it answers. */
const CALLS: { name: string; method: string; path: string; handler: Handler; params?: Record<string, string> }[] = [
  { name: "GET orders", method: "GET", path: "/api/admin/orders", handler: orders.loader as Handler },
  { name: "GET order", method: "GET", path: "/api/admin/orders/x", handler: order.loader as Handler, params: { id: "x" } },
  { name: "PUT order status", method: "PUT", path: "/api/admin/orders/x/status", handler: orderStatus.action as Handler, params: { id: "x" } },
  { name: "GET grouped orders", method: "GET", path: "/api/admin/grouped-orders", handler: grouped.loader as Handler },
  { name: "GET phones", method: "GET", path: "/api/admin/users/phones", handler: phones.loader as Handler },
  { name: "GET orders by phone", method: "GET", path: "/api/admin/users/orders/by-phone/99998888", handler: byPhone.loader as Handler, params: { phone: "99998888" } },
  { name: "GET sales report", method: "GET", path: "/api/admin/sales-report", handler: salesReport.loader as Handler },
  { name: "GET categories", method: "GET", path: "/api/admin/categories", handler: categories.loader as Handler },
  { name: "POST category", method: "POST", path: "/api/admin/categories", handler: categories.action as Handler },
  { name: "GET category", method: "GET", path: "/api/admin/categories/x", handler: category.loader as Handler, params: { id: "x" } },
  { name: "PUT category", method: "PUT", path: "/api/admin/categories/x", handler: category.action as Handler, params: { id: "x" } },
  { name: "DELETE category", method: "DELETE", path: "/api/admin/categories/x", handler: category.action as Handler, params: { id: "x" } },
  { name: "GET category products", method: "GET", path: "/api/admin/categories/x/products", handler: categoryProducts.loader as Handler, params: { id: "x" } },
  { name: "PUT category toggle", method: "PUT", path: "/api/admin/categories/x/toggle", handler: categoryToggle.action as Handler, params: { id: "x" } },
  { name: "GET products", method: "GET", path: "/api/admin/products", handler: products.loader as Handler },
  { name: "POST product", method: "POST", path: "/api/admin/products", handler: products.action as Handler },
  { name: "GET product", method: "GET", path: "/api/admin/products/x", handler: product.loader as Handler, params: { id: "x" } },
  { name: "PUT product", method: "PUT", path: "/api/admin/products/x", handler: product.action as Handler, params: { id: "x" } },
  { name: "DELETE product", method: "DELETE", path: "/api/admin/products/x", handler: product.action as Handler, params: { id: "x" } },
  { name: "PUT product toggle", method: "PUT", path: "/api/admin/products/x/toggle", handler: productToggle.action as Handler, params: { id: "x" } },
  { name: "POST upload", method: "POST", path: "/api/upload", handler: upload.action as Handler },
];

async function call(entry: (typeof CALLS)[number], auth: { cookie?: string; token?: string }) {
  const body = entry.method === "GET" ? undefined : JSON.stringify({});
  const req = request(entry.path, { method: entry.method, body, headers: body ? { "Content-Type": "application/json" } : {}, ...auth });
  try {
    return await entry.handler({ request: req, params: entry.params ?? {}, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("every admin API call", () => {
  it.each(CALLS)("$name answers 401 without any session", async (entry) => {
    const response = await call(entry, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringContaining("Admin login required") });
  });

  it.each(CALLS)("$name answers 403 to a signed-in shopper", async (entry) => {
    const response = await call(entry, { token: await customerToken() });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.stringContaining("Administrators only") });
  });

  it("lets the administrator in", async () => {
    const { cookie } = await adminCookie();
    const response = await call(CALLS[0], { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("orders");
  });
});
