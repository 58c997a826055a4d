import { describe, expect, it } from "vitest";
import { ordersPlacedHere, rememberOrderHeader } from "~/cookies/order-access.server";
import { RouteClient } from "../../tests/setup/route-client";
import { action as apiLogout } from "./api.auth.logout";
import { action as pageLogout } from "./logout";

/** A browser that placed an order here: it carries the order-access cookie. */
async function browserWithOrder() {
  const client = new RouteClient();
  const [pair] = (await rememberOrderHeader(new Request("http://localhost/"), "order-placed-here")).split(";");
  const index = pair.indexOf("=");
  client.cookies.set(pair.slice(0, index), pair.slice(index + 1));
  expect(await ordersPlacedHere(new Request("http://localhost/", { headers: { Cookie: client.cookieHeader() } }))).toEqual(["order-placed-here"]);
  return client;
}

// Issue 13: the next person at a shared computer must not open the previous shopper's invoices.
describe("logging out forgets the orders placed in this browser", () => {
  it.each([
    ["the account page's logout", pageLogout, "/logout"],
    ["POST /api/auth/logout", apiLogout, "/api/auth/logout"],
  ] as const)("%s clears the order-access cookie", async (_name, handler, path) => {
    const client = await browserWithOrder();
    await client.call(handler, path, { method: "POST" });
    expect(client.lastSetCookies.find((line) => line.startsWith("order_access="))).toMatch(/Max-Age=0/);
    expect(client.cookies.has("order_access")).toBe(false);
    expect(await ordersPlacedHere(new Request("http://localhost/", { headers: { Cookie: client.cookieHeader() } }))).toEqual([]);
  });
});
