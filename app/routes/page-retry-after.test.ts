/**
 * A page's 429 carries the real wait in `Retry-After` (CONTRACT: every 429 carries it; decision 0068). Remix builds
 * a page's headers from its routes' `headers` functions only, so each refusing page must hand its wait on: without
 * that the server's 60-second fallback went out while the lockout lasted 15 minutes or an hour.
 */
import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
// Remix's own assembly of a document's headers, as the server runs it for every page.
import { getDocumentHeaders } from "@remix-run/server-runtime/dist/headers.js";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as loginRoute from "./login";
import * as forgotPasswordRoute from "./forgot-password";
import * as viewInvoiceRoute from "./view-invoice";
import * as returnRoute from "./view-invoice_.return";
import { RouteClient } from "../../tests/setup/route-client";
import { createCustomer } from "../../tests/factories/customer";
import { createOrder } from "../../tests/factories/order";
import { uniqueAddress, uniqueEmail } from "../../tests/factories/unique";

/** The headers the browser gets for `routeId`'s page (under the root layout) when its action or loader answered `answer`. */
function pageHeaders(routeId: string, module: { headers?: unknown }, answer: Response, from: "action" | "loader"): Headers {
  const build = { routes: { root: { module: {} }, [routeId]: { module } } } as unknown as ServerBuild;
  const matches = [{ route: { id: "root" } }, { route: { id: routeId } }];
  const context = { matches, errors: null, loaderHeaders: from === "loader" ? { [routeId]: answer.headers } : {}, actionHeaders: from === "action" ? { [routeId]: answer.headers } : {} };
  return getDocumentHeaders(build, context as unknown as Parameters<typeof getDocumentHeaders>[1]);
}

describe("a page's 429 says the real wait", () => {
  it("on the customer sign-in page, locked for about 15 minutes", async () => {
    const email = uniqueEmail("waits");
    await createCustomer(prisma, { email, password: "the-real-password" });
    const browser = new RouteClient(uniqueAddress());
    for (let i = 0; i < 10; i++) expect((await browser.form(loginRoute.action, "/login", { email, password: `wrong-pass-${i}` })).status).toBe(401);
    const refused = await browser.form(loginRoute.action, "/login", { email, password: "the-real-password" });
    expect(refused.status).toBe(429);
    const wait = Number(pageHeaders("routes/login", loginRoute, refused, "action").get("Retry-After"));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it("on the forgot-password page, which said no wait of its own before", async () => {
    const email = uniqueEmail("waits");
    const browser = new RouteClient(uniqueAddress());
    let refused: Response | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const answer = await browser.form(forgotPasswordRoute.action, "/forgot-password", { email, js: "1" });
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect(Number(pageHeaders("routes/forgot-password", forgotPasswordRoute, refused!, "action").get("Retry-After"))).toBeGreaterThan(60);
  });

  it("on the tracking page, refused for about an hour after 10 wrong phones", async () => {
    const order = await createOrder(prisma, { status: "delivered" });
    const address = uniqueAddress();
    const open = (phone: string) => new RouteClient(address).call(viewInvoiceRoute.loader, `/view-invoice?${new URLSearchParams({ orderNumber: order.orderNumber, phone })}`);
    for (let i = 0; i < 10; i++) {
      let phone = order.phone;
      while (phone === order.phone) phone = `9${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
      await open(phone);
    }
    const refused = await open(order.phone);
    expect(refused.status).toBe(429);
    const wait = Number(pageHeaders("routes/view-invoice", viewInvoiceRoute, refused, "loader").get("Retry-After"));
    expect(wait).toBeGreaterThan(50 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });

  it("on the return request page, refused for about an hour after 10 wrong phones", async () => {
    const order = await createOrder(prisma, { status: "delivered" });
    const address = uniqueAddress();
    const open = (phone: string) => new RouteClient(address).call(returnRoute.loader, `/view-invoice/return?${new URLSearchParams({ orderNumber: order.orderNumber, phone })}`);
    for (let i = 0; i < 10; i++) {
      let phone = order.phone;
      while (phone === order.phone) phone = `9${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
      await open(phone);
    }
    const refused = await open(order.phone);
    expect(refused.status).toBe(429);
    const wait = Number(pageHeaders("routes/view-invoice_.return", returnRoute, refused, "loader").get("Retry-After"));
    expect(wait).toBeGreaterThan(50 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
  });
});
