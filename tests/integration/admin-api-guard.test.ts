import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { adminCookie, customerToken, request } from "../support/admin-requests";
import { expectConformsToOpenApi } from "../support/openapi-conformance";

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

const ROUTES = path.resolve("app/routes");

/** The admin API's doors that must open without an administrator, and why. */
const OPEN_ROUTES: Record<string, string> = {
  "api.admin.timsar.ts": "the login itself",
  "api.admin.session.ts": "answers { isAdmin: false } to anyone, so a client can poll it",
  "api.admin.logout.ts": "signing out needs no session",
};

/** Admin-only routes whose names do not start with api.admin. */
const ALSO_ADMIN_ONLY = ["api.upload.ts"];

/** A value for each route parameter; the guard answers before any lookup, so they need not exist. */
const PARAMS: Record<string, string> = { id: "x", phone: "99998888" };

/** Every api.admin.* route module, as Remix finds them (remix.config.js ignores test files; a folder's module is its route.ts). */
function adminRouteFiles(): string[] {
  return fs
    .readdirSync(ROUTES, { withFileTypes: true })
    .filter((entry) => entry.name.startsWith("api.admin.") && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => (entry.isDirectory() ? path.join(entry.name, "route.ts") : entry.name))
    .sort();
}

/** Remix's flat-route naming: dots are slashes, `[.]` a dot of the URL, `$name` a parameter, `_index` the folder's own URL. */
function routeOf(file: string): { url: string; params: Record<string, string> } {
  const name = file.replace(/(\/route)?\.tsx?$/, "");
  const params: Record<string, string> = {};
  const segments = name
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replaceAll("[.]", "."))
    .filter((segment) => segment !== "_index")
    .map((segment) => {
      if (!segment.startsWith("$")) return segment;
      const param = segment.slice(1);
      params[param] = PARAMS[param] ?? "x";
      return params[param];
    });
  return { url: `/${segments.join("/")}`, params };
}

type Call = { name: string; method: string; url: string; params: Record<string, string>; handler: Handler };

/** The loader answers GET; the action answers the methods its file names ("PUT", "DELETE", ...), else a form's POST. */
async function callsOf(file: string): Promise<Call[]> {
  const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
  const route = (await import(path.join(ROUTES, file))) as { loader?: Handler; action?: Handler };
  const { url, params } = routeOf(file);
  const calls: Call[] = [];
  if (route.loader) calls.push({ name: `GET ${url}`, method: "GET", url, params, handler: route.loader });
  if (route.action) {
    const named = [...new Set([...source.matchAll(/"(POST|PUT|PATCH|DELETE)"/g)].map((match) => match[1]))];
    for (const method of named.length > 0 ? named : ["POST"]) calls.push({ name: `${method} ${url}`, method, url, params, handler: route.action });
  }
  return calls;
}

/**
 * A handler that takes no arguments never sees the request, so it cannot tell who asks: it can only be the
 * "method not allowed" answer of a route that serves other methods, and is checked to be just that.
 */
const seesTheRequest = (entry: Call) => entry.handler.length > 0;

const FILES = adminRouteFiles();
const GUARDED_FILES = [...FILES.filter((file) => !Object.hasOwn(OPEN_ROUTES, file)), ...ALSO_ADMIN_ONLY];
const CALLS_BY_FILE = await Promise.all(GUARDED_FILES.map(async (file) => ({ file, calls: await callsOf(file) })));
const CALLS = CALLS_BY_FILE.flatMap(({ calls }) => calls.filter(seesTheRequest));
const REFUSALS = CALLS_BY_FILE.flatMap(({ calls }) => calls.filter((entry) => !seesTheRequest(entry)));

async function call(entry: Call, auth: { cookie?: string; token?: string }) {
  const body = entry.method === "GET" ? undefined : JSON.stringify({});
  const req = request(entry.url, { method: entry.method, body, headers: body ? { "Content-Type": "application/json" } : {}, ...auth });
  try {
    const response = await entry.handler({ request: req, params: entry.params, context: {} });
    await expectConformsToOpenApi(req.method, req.url, response);
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) {
      await expectConformsToOpenApi(req.method, req.url, thrown);
      return thrown;
    }
    throw thrown;
  }
}

describe("the list of admin API routes", () => {
  it("comes from the route files: each one is checked below or named open on purpose", () => {
    expect(FILES.length).toBeGreaterThan(0);
    for (const file of Object.keys(OPEN_ROUTES)) expect(FILES, `${file} is named open but no longer exists`).toContain(file);
    for (const { file, calls } of CALLS_BY_FILE) {
      expect(calls.filter(seesTheRequest).length, `${file} has no loader or action that reads the request`).toBeGreaterThan(0);
    }
  });
});

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

  it.each(REFUSALS)("$name answers 405 to anyone", async (entry) => {
    expect((await call(entry, {})).status).toBe(405);
  });

  it("lets the administrator in", async () => {
    const { cookie } = await adminCookie();
    const orders = CALLS.find((entry) => entry.name === "GET /api/admin/orders")!;
    const response = await call(orders, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("orders");
  });
});
