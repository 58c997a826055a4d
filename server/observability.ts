import cluster from "node:cluster";
import crypto from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { logger } from "../app/utils/logger.server";
import { redactUrl } from "../app/utils/redact";

/**
 * What the people who run the shop read (issue 17, docs/operations.md): a request id on every request, one JSON log
 * line per request, and Prometheus metrics at /metrics for loopback or a bearer token.
 */

const REQUEST_ID = /^[\w.:-]{8,128}$/;

/**
 * Every request carries an `X-Request-Id`: a trusted proxy's (TRUST_PROXY > 0) when it sent a sane one, else a new
 * UUID. It is answered as a header, written into each log line of the request and shown on the error page, so a
 * shopper's complaint ("it said reference …") finds its lines. Set on the incoming headers too, so Remix sees it.
 */
export function assignRequestId(trustProxy: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const offered = trustProxy > 0 ? req.get("x-request-id") : undefined;
    const id = offered && REQUEST_ID.test(offered) ? offered : crypto.randomUUID();
    req.headers["x-request-id"] = id;
    res.locals.requestId = id;
    res.setHeader("X-Request-Id", id);
    next();
  };
}

/** For express.static's `setHeaders`: the request is answered by a file of public/ or an upload, logged as `static`. */
export function markStatic(res: Response) {
  res.locals.route = "static";
}

const MAX_REMEMBERED_PATHS = 5000;

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * The route pattern of a path, as Remix matches it (`/product/:id`, not `/product/bow-12`): the label of the log line
 * and the metrics, so neither holds ids nor grows with every URL. Static files are `static`.
 */
export function routePatterns(build: Pick<ServerBuild, "routes">) {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const route of Object.values(build.routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, children: tree(route.id) },
    );
  const routes = tree(undefined);
  const remembered = new Map<string, string>();
  return (pathname: string): string => {
    const known = remembered.get(pathname);
    if (known) return known;
    // A path with a broken %-escape is refused before Remix (server/remix-request.ts); the router would warn on stderr.
    if (!isDecodable(pathname)) return "unreadable";
    const matches = matchRoutes(routes, pathname) ?? [];
    const parts = matches.map((match) => match.route.path).filter((part): part is string => Boolean(part));
    const pattern = matches.length ? `/${parts.join("/").replace(/^\/+/, "")}` : "unmatched";
    if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, pattern);
    return pattern;
  };
}

function metric<T extends client.Metric>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make();
}

const httpRequests = metric("shop_http_requests_total", () => new client.Counter({ name: "shop_http_requests_total", help: "HTTP requests answered, by method, route pattern and status", labelNames: ["method", "route", "status"] }));
const httpDuration = metric(
  "shop_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time from a request's arrival to its last byte, by method, route pattern and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

/**
 * One JSON line per request when its answer is finished or the client went away: method, route pattern, status,
 * duration, bytes, request id, worker (in the logger's base). The URL is logged only through redactUrl, which takes
 * signed links, phones, e-mails and order sessions out; no address, cookie or header is.
 */
export function requestLog(routeOf: (pathname: string) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (res.locals.route as string | undefined) ?? routeOf(req.path);
      const status = res.writableFinished ? res.statusCode : 499;
      httpRequests.inc({ method: req.method, route, status });
      httpDuration.observe({ method: req.method, route, status }, seconds);
      logger.info(
        {
          requestId: res.locals.requestId as string,
          method: req.method,
          route,
          url: redactUrl(req.originalUrl),
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
          bytes: Number(res.getHeader("content-length")) || undefined,
        },
        "request",
      );
    };
    res.on("finish", log);
    res.on("close", log);
    next();
  };
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith("Bearer ")) return false;
  const given = crypto.createHash("sha256").update(header.slice("Bearer ".length)).digest();
  return crypto.timingSafeEqual(given, crypto.createHash("sha256").update(token).digest());
}

let metricsRequests = 0;
const pendingMetrics = new Map<number, (text: string) => void>();

/** A worker's /metrics asks the primary, which gathers every worker's (prom-client's AggregatorRegistry). */
function clusterMetrics(): Promise<string> {
  return new Promise((resolve, reject) => {
    const id = ++metricsRequests;
    const timer = setTimeout(() => {
      pendingMetrics.delete(id);
      reject(new Error("the primary process did not answer with the workers' metrics"));
    }, 5_000);
    pendingMetrics.set(id, (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    process.send?.({ type: "shop:metrics", id });
  });
}

if (cluster.isWorker) {
  // Makes prom-client answer the primary's requests for this worker's metrics.
  new client.AggregatorRegistry();
  process.on("message", (message: { type?: string; id?: number; text?: string }) => {
    if (message?.type !== "shop:metrics-answer" || message.id === undefined) return;
    pendingMetrics.get(message.id)?.(message.text ?? "");
    pendingMetrics.delete(message.id);
  });
}

/** In the primary of several workers: answers a worker's request with the metrics of all of them summed. */
export function serveClusterMetrics() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== "shop:metrics") return;
    aggregator
      .clusterMetrics()
      .then((text) => worker.send({ type: "shop:metrics-answer", id: message.id, text }))
      .catch((error: unknown) => {
        logger.error({ err: error }, "metrics of the workers could not be gathered");
        worker.send({ type: "shop:metrics-answer", id: message.id, text: "" });
      });
  });
}

let defaultMetricsStarted = false;

/**
 * GET /metrics in Prometheus' text format, for the machine itself (loopback, and no proxy in between) or for whoever
 * sends `Authorization: Bearer METRICS_TOKEN`. Anyone else gets 404, as if there were nothing here. Behind a proxy
 * (TRUST_PROXY above 0, Express's "trust proxy") only the token opens it: a proxy on the same machine connects from
 * loopback for every visitor, and one that adds no X-Forwarded-For would make them all look like the machine itself.
 */
export function metricsEndpoint(token: string | undefined) {
  if (!defaultMetricsStarted) {
    defaultMetricsStarted = true;
    // Process metrics, with the event loop's lag among them (nodejs_eventloop_lag_seconds and its percentiles).
    client.collectDefaultMetrics();
  }
  return async (req: Request, res: Response) => {
    res.locals.route = "/metrics";
    const behindProxy = Boolean(req.app.get("trust proxy"));
    const direct = !behindProxy && isLoopback(req.socket.remoteAddress) && isLoopback(req.ip) && !req.get("x-forwarded-for");
    if (!direct && !tokenMatches(req.get("authorization"), token)) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    try {
      const text = cluster.isWorker ? await clusterMetrics() : await client.register.metrics();
      res.status(200).type(client.register.contentType).setHeader("Cache-Control", "no-store");
      res.send(text);
    } catch (error) {
      logger.error({ err: error, requestId: res.locals.requestId as string }, "metrics failed");
      res.status(503).type("text/plain").send("Metrics are not available right now.");
    }
  };
}
