import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { ServerHtmlContext } from "~/utils/server-html";
import * as cart from "./cart";
import * as notFoundRoute from "./$";
import * as adminOrder from "./admin.timsar.orders.$orderId";
import * as adminOrders from "./admin.timsar.orders._index";
import * as login from "./login";
import * as myOrders from "./my-orders";
import * as product from "./product.$id";
import * as home from "./_index";
import * as search from "./search";

/** Renders `ErrorBoundary` the way the router does after the route's loader threw `thrown`. */
async function renderBoundary(ErrorBoundary: () => React.ReactNode, thrown: unknown) {
  const loader = () => {
    throw thrown;
  };
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/", loader, Component: () => null, ErrorBoundary }]);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the loader should not redirect");
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <I18nProvider language="en" messages={resources.en.translation}>
      <ServerHtmlContext.Provider value={{ "shop-styles": "", "request-reference": "" }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ServerHtmlContext.Provider>
    </I18nProvider>,
  );
}

describe.each([
  ["home", home.ErrorBoundary],
  ["cart", cart.ErrorBoundary],
  ["search", search.ErrorBoundary],
])("the %s page's error boundary", (_, ErrorBoundary) => {
  it("shows the not-found page when the loader throws a 404 response", async () => {
    const html = await renderBoundary(ErrorBoundary, new Response(null, { status: 404 }));
    expect(html).toContain('data-testid="not-found"');
    expect(html).toContain(resources.en.translation.errors.notFoundTitle);
  });

  it("shows the error page for any other failure", async () => {
    expect(await renderBoundary(ErrorBoundary, new Response(null, { status: 500 }))).toContain('data-testid="error-page"');
    expect(await renderBoundary(ErrorBoundary, new Error("boom"))).toContain('data-testid="error-page"');
  });
});

describe("GeneralErrorBoundary", () => {
  const Boundary = () => (
    <GeneralErrorBoundary
      statusHandlers={{ 404: ({ error }) => <p>missing {error.status}</p>, 403: () => <p>forbidden</p> }}
      defaultStatusHandler={({ error }) => <p>status {error.status}</p>}
      unexpectedErrorHandler={(error) => <p>unexpected {error instanceof Error ? error.message : "?"}</p>}
    />
  );

  it("shows a thrown response by its status's handler", async () => {
    expect(await renderBoundary(Boundary, new Response(null, { status: 404 }))).toContain("missing <!-- -->404");
    expect(await renderBoundary(Boundary, new Response(null, { status: 403 }))).toContain("forbidden");
  });

  it("shows any other status by the default handler, and a thrown error by the unexpected one", async () => {
    expect(await renderBoundary(Boundary, new Response(null, { status: 503 }))).toContain("status <!-- -->503");
    expect(await renderBoundary(Boundary, new Error("boom"))).toContain("unexpected <!-- -->boom");
  });

  it("shows the shop's error page when a route passes no handler, whatever was thrown", async () => {
    const Plain = () => <GeneralErrorBoundary />;
    for (const thrown of [new Response(null, { status: 404 }), new Response(null, { status: 500 }), new Error("boom")]) {
      const html = await renderBoundary(Plain, thrown);
      expect(html).toContain('data-testid="error-page"');
      expect(html).toContain(resources.en.translation.errors.errorTitle);
    }
  });
});

describe("the pages with a boundary of their own", () => {
  const missing = () => new Response(null, { status: 404 });
  const failed = () => new Error("boom");

  it("keeps the error page on a page without a 404 of its own", async () => {
    expect(await renderBoundary(login.ErrorBoundary, missing())).toContain('data-testid="error-page"');
  });

  it("shows the not-found page for every unknown URL, whatever failed", async () => {
    expect(await renderBoundary(notFoundRoute.ErrorBoundary, missing())).toContain('data-testid="not-found"');
    expect(await renderBoundary(notFoundRoute.ErrorBoundary, failed())).toContain('data-testid="not-found"');
  });

  it("shows the product's own not-found and failure pages", async () => {
    const notFound = await renderBoundary(product.ErrorBoundary, missing());
    expect(notFound).toContain('data-testid="product-not-found"');
    expect(notFound).toContain(resources.en.translation.shop.product.notFoundBody);
    expect(await renderBoundary(product.ErrorBoundary, new Response(null, { status: 500 }))).toContain('data-testid="product-failed"');
    expect(await renderBoundary(product.ErrorBoundary, failed())).toContain('data-testid="product-failed"');
  });

  it("shows My Orders empty when the orders cannot be read", async () => {
    expect(await renderBoundary(myOrders.ErrorBoundary, failed())).toContain('data-testid="orders-empty"');
    expect(await renderBoundary(myOrders.ErrorBoundary, missing())).toContain('data-testid="orders-empty"');
  });

  it("shows the admin's messages: the page's not-found text for a 404, else its failure text", async () => {
    const en = resources.en.translation.admin;
    const notFound = await renderBoundary(adminOrder.ErrorBoundary, missing());
    expect(notFound).toContain('data-testid="admin-error"');
    expect(notFound).toContain(en.order.notFound);
    expect(await renderBoundary(adminOrder.ErrorBoundary, failed())).toContain(en.order.loadFailed);
    expect(await renderBoundary(adminOrder.ErrorBoundary, new Response(null, { status: 500 }))).toContain(en.order.loadFailed);
    // A page without a not-found text shows its failure text for a 404 too.
    expect(await renderBoundary(adminOrders.ErrorBoundary, missing())).toContain(en.orders.fetchFailed);
  });
});
