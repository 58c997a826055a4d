import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// patches/@remix-run+router+*.patch keeps ranked branches and compiled patterns between matches
// (docs/decisions/0013). The server loads the CommonJS build, so that is the one tested here.
const require = createRequire(import.meta.url);
const { matchRoutes, matchPath } = require("@remix-run/router") as typeof import("@remix-run/router");
type Routes = Parameters<typeof matchRoutes>[0];

const routes: Routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "product", path: "product/:id" },
      { id: "admin", path: "admin/timsar", children: [{ id: "admin-index", index: true }, { id: "order", path: "orders/:orderId" }] },
      { id: "terms-ar", path: "ar/terms-and-conditions" },
      { id: "splat", path: "*" },
    ],
  },
];

const leaf = (pathname: string, tree: Routes = routes) => {
  const matches = matchRoutes(tree, pathname);
  const last = matches?.at(-1);
  return last && { id: last.route.id, params: last.params };
};

describe("route matching with the patched router", () => {
  it("is applied to the build the server loads", () => {
    expect(fs.readFileSync(require.resolve("@remix-run/router"), "utf8")).toContain("rankedBranchesCache");
  });

  it("gives the same, correct answers on every repeat", () => {
    for (let round = 0; round < 3; round++) {
      expect(leaf("/")).toEqual({ id: "home", params: {} });
      expect(leaf("/product/seed-product-03")).toEqual({ id: "product", params: { id: "seed-product-03" } });
      expect(leaf("/admin/timsar")).toEqual({ id: "admin-index", params: {} });
      expect(leaf("/admin/timsar/orders/TS-1")).toEqual({ id: "order", params: { orderId: "TS-1" } });
      expect(leaf("/ar/terms-and-conditions")).toEqual({ id: "terms-ar", params: {} });
      expect(leaf("/nope/deeper")).toEqual({ id: "splat", params: { "*": "nope/deeper" } });
    }
  });

  it("remembers which route a path matched, and still reads each path's own parameters", () => {
    expect(leaf("/product/first")).toEqual({ id: "product", params: { id: "first" } });
    expect(leaf("/product/first")).toEqual({ id: "product", params: { id: "first" } });
    expect(leaf("/product/second")).toEqual({ id: "product", params: { id: "second" } });
    const again = matchRoutes(routes, "/product/first");
    const once = matchRoutes(routes, "/product/first");
    expect(again).not.toBe(once);
    expect(again?.at(-1)?.params).not.toBe(once?.at(-1)?.params);
    expect(matchRoutes([{ id: "only", path: "/a" }], "/b")).toBeNull();
    expect(matchRoutes([{ id: "only", path: "/a" }], "/b")).toBeNull();
  });

  it("matches a different route tree by its own routes, not the first one's", () => {
    const other: Routes = [{ id: "only", path: "/product/:slug" }];
    expect(leaf("/product/a", other)).toEqual({ id: "only", params: { slug: "a" } });
    expect(leaf("/", other)).toBeUndefined();
    expect(leaf("/product/a")).toEqual({ id: "product", params: { id: "a" } });
  });

  it("keeps case sensitivity and partial matching apart for the same pattern", () => {
    expect(matchPath({ path: "/Product/:id", caseSensitive: true }, "/product/1")).toBeNull();
    expect(matchPath({ path: "/Product/:id", caseSensitive: false }, "/product/1")?.params).toEqual({ id: "1" });
    expect(matchPath({ path: "/admin", end: false }, "/admin/orders")?.pathnameBase).toBe("/admin");
    expect(matchPath({ path: "/admin", end: true }, "/admin/orders")).toBeNull();
  });
});

describe("the render's routes, made once per build (docs/decisions/0064)", () => {
  it("gives React Router the same data routes for the same routes, and fresh matches for each request", async () => {
    const { createStaticHandler } = require("@remix-run/router") as typeof import("@remix-run/router");
    const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
    const handler = createStaticHandler(routes);
    const contextOf = async (url: string) => {
      const context = await handler.query(new Request(`http://shop.test${url}`));
      if (context instanceof Response) throw new Error("unexpected redirect");
      return context;
    };
    const first = createStaticRouter(routes, await contextOf("/product/a"));
    const second = createStaticRouter(routes, await contextOf("/product/b"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.at(-1)?.params).toEqual({ id: "a" });
    expect(second.state.matches.at(-1)?.params).toEqual({ id: "b" });
    expect(second.state.matches.at(-1)?.route).toBe(first.state.matches.at(-1)?.route);
    const other = createStaticRouter([{ id: "only", path: "/product/:slug" }], await contextOf("/product/a"));
    expect(other.routes).not.toBe(first.routes);
  });

  it("hands the render one route-module table per build", () => {
    const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
      createEntryRouteModules: (manifest: Record<string, { module: unknown }>) => Record<string, unknown>;
    };
    const build = { root: { module: { a: 1 } }, home: { module: { b: 2 } } };
    const modules = createEntryRouteModules(build);
    expect(modules).toEqual({ root: { a: 1 }, home: { b: 2 } });
    expect(createEntryRouteModules(build)).toBe(modules);
    expect(createEntryRouteModules({ root: { module: { c: 3 } } })).toEqual({ root: { c: 3 } });
  });
});
