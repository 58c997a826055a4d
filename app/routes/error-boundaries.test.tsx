import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { ServerHtmlContext } from "~/utils/server-html";
import * as cart from "./cart";
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
