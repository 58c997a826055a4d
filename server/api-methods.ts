import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { NextFunction, Request, Response } from "express";
import { API_OPERATIONS } from "../app/api/openapi.server";
import { bilingual, inLanguage, namedLanguage, type MessageKey } from "../app/i18n/bilingual.server";
import { logger } from "../app/utils/logger.server";
import { languageHeaders, requestUrl } from "./remix-request";

/** What `res.locals` carries to the Remix handler: the methods of the API route a request reached. */
export const ALLOW_LOCAL = "apiAllow";

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown };
type ApiRoute = { module: RouteModule; allow: string };

/**
 * The `Allow` of a route file: the methods the API document gives it (app/api/openapi.server.ts, which the API tests
 * hold every route to), else what its exports can answer.
 */
function allowOf(routeId: string, module: RouteModule): string {
  const documented = new Set(API_OPERATIONS.filter((op) => `routes/${op.file.replace(/\.tsx?$/, "")}` === routeId).flatMap((op) => op.methods.map((method) => method.toUpperCase())));
  if (documented.size === 0) {
    if (module.loader) documented.add("GET");
    if (module.action) documented.add("POST");
  }
  if (documented.has("GET")) documented.add("HEAD");
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((method) => documented.has(method)).join(", ");
}

/** The API route (a resource route under /api/) a path reaches, or null: no route, or only the storefront's pages. */
export function apiRouteFinder(build: Pick<ServerBuild, "routes">) {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(build.routes)) byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route]);
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const routes = tree(undefined);
  const known = new Map<string, ApiRoute>();
  return (pathname: string): ApiRoute | null => {
    const matches = matchRoutes(routes, pathname) ?? [];
    const leaf = matches.at(-1)?.route;
    const route = leaf?.id ? build.routes[leaf.id] : undefined;
    // A flat route under another file's path is nested in it ("api.products.$id" in "api.products"): its own path is ":id".
    const pattern = matches.map((match) => match.route.path).filter(Boolean).join("/");
    if (!route || !pattern.startsWith("api/") || route.module.default) return null;
    let found = known.get(route.id);
    if (!found) {
      found = { module: route.module as RouteModule, allow: allowOf(route.id, route.module as RouteModule) };
      known.set(route.id, found);
    }
    return found;
  };
}

/** An API error as `inNamedLanguage` (app/utils/api.server.ts) gives Remix's answers: the named language, or both. */
function refuse(req: Request, res: Response, status: number, key: MessageKey, headers: Record<string, string> = {}) {
  const language = namedLanguage(languageHeaders(req));
  if (language) headers["Content-Language"] = language;
  const message = bilingual(key);
  res.status(status).set({ ...headers, "Cache-Control": "no-store" }).json({ message: language ? inLanguage(message, language) : message });
}

/**
 * Answers, before Remix, what it would get wrong under /api/ (CONTRACT.md "The JSON API"): a path no API route
 * serves gets a JSON 404 instead of the storefront's page, and a method the route has no function for gets 405 with
 * `Allow` instead of Remix's "Unexpected Server Error" (a 400 for a GET without a loader). Both in the request's
 * language. A route's own 405 gets the same `Allow` from the Remix handler (`ALLOW_LOCAL`).
 */
export function guardApiMethods(build: Pick<ServerBuild, "routes">) {
  const findApiRoute = apiRouteFinder(build);
  return (req: Request, res: Response, next: NextFunction) => {
    const url = requestUrl(req);
    if (!url || (url.pathname !== "/api" && !url.pathname.startsWith("/api/"))) return next();
    const route = findApiRoute(url.pathname);
    if (!route) {
      refuse(req, res, 404, "api.unknownAddress");
      return;
    }
    const reading = req.method === "GET" || req.method === "HEAD";
    const mutation = ["POST", "PUT", "PATCH", "DELETE"].includes(req.method);
    if ((reading && !route.module.loader) || (mutation && !route.module.action) || (!reading && !mutation)) {
      refuse(req, res, 405, "api.methodNotAllowed", { Allow: route.allow });
      return;
    }
    res.locals[ALLOW_LOCAL] = route.allow;
    next();
  };
}

/**
 * The last error handler: an error the Remix handler passes on (it threw before an answer was built) reaches an API
 * client as CONTRACT's `{ message }` in its language, not Express's HTML "Internal Server Error". Pages keep
 * Express's answer; an answer already under way can only be cut.
 */
export function answerApiErrors(error: unknown, req: Request, res: Response, next: NextFunction) {
  const url = requestUrl(req);
  if (res.headersSent || !url || (url.pathname !== "/api" && !url.pathname.startsWith("/api/"))) return next(error);
  logger.error({ err: error, requestId: res.locals.requestId as string | undefined }, "API request failed");
  refuse(req, res, 500, "errors.errorBody");
}
