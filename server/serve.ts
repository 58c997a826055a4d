import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { databaseEngine, prisma } from "../app/db.server";
import type { Env } from "../app/env.server";
import { drawPdfsOffThread } from "../app/pdf/off-thread.server";
import { logger } from "../app/utils/logger.server";
import { refuseNulAddresses } from "./nul-character";
import { limitRequestBodies } from "./body-limit";
import { rememberCampaign } from "./campaign";
import { assignRequestId, markStatic, metricsEndpoint, requestLog, routePatterns } from "./observability";
import { makeMissingVariants } from "./image-variants";
import { migrationsFolder } from "./migrations";
import { startJobs } from "./jobs";
import { createCachingRequestHandler, createPageCache, serveHits } from "./page-cache";
import { createReadiness, readinessEndpoint } from "./readiness";
import { refuseUnreadableRequests } from "./remix-request";
import { answerApiErrors, guardApiMethods } from "./api-methods";
import { assignNonce, gatewayPageOrigins, rejectCrossSiteWrites, retryAfterOnEvery429, securityHeaders } from "./security";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** One worker: Express in front of the Remix build, with the shared-page cache, until a signal stops it. */
export async function serve(env: Env) {
  const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;
  // An invoice drawn for the order mail would otherwise hold every page this worker answers (decision 0067).
  drawPdfsOffThread();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);

  app.use(assignRequestId(env.trustProxy));
  app.use(retryAfterOnEvery429);
  const inFlight = trackInFlight();
  app.use(inFlight.middleware);
  app.use(requestLog(routePatterns(build)));
  app.get("/metrics", metricsEndpoint(env.metricsToken));
  // Readiness apart from liveness (/healthz, a route): a proxy or orchestrator stops sending before a restart.
  let stopping = false;
  app.get("/readyz", readinessEndpoint(createReadiness((sql) => prisma.$queryRawUnsafe(sql), migrationsFolder(databaseEngine), () => stopping)));
  // A kept catalogue page is answered here, with the headers and compressed bodies it was kept with.
  const pageCache = createPageCache(env.databaseUrl);
  // Before the cache answers: a kept page opened from a campaign link remembers the campaign too (decision 0089).
  app.use(rememberCampaign);
  app.use(serveHits(pageCache));
  app.use(compression());
  app.use(assignNonce);
  app.use(securityHeaders({ isProduction: env.isProduction, formActionOrigins: gatewayPageOrigins(env) }));
  app.use(rejectCrossSiteWrites([new URL(env.appUrl).origin]));

  // Fingerprinted assets never change under the same name.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: ONE_YEAR_S * 1000, index: false, setHeaders: markStatic }));
  // Uploaded images get new names when replaced; they are served as files, never run. They live in UPLOADS_DIR,
  // which every server of the shop mounts (docs/decisions/0019-shared-files.md); only its image folders are served:
  // what the owner uploads (products, categories), buyers' photos with their reviews (reviews) and the demo
  // catalogue's pictures the seed draws (catalogue).
  for (const kind of ["products", "categories", "reviews", "catalogue"] as const) {
    app.use(
      `/uploads/${kind}`,
      makeMissingVariants(path.join(env.uploadsDir, kind)),
      express.static(path.join(env.uploadsDir, kind), {
        immutable: true,
        maxAge: ONE_YEAR_S * 1000,
        index: false,
        dotfiles: "deny",
        setHeaders(res) {
          markStatic(res);
          res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        },
      }),
    );
  }
  // Every file there has a name with a dot; a page's address (/cart, /product/…) is not looked for on disk, which
  // would cost each rendered page a stat on the thread pool and a turn of the event loop.
  const publicFiles = express.static("public", { maxAge: "1h", index: false, setHeaders: markStatic });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.use(limitRequestBodies);
  app.use(refuseUnreadableRequests);
  app.use(refuseNulAddresses);
  app.use(guardApiMethods(build));
  // `use`, not `all("*")`: a "*" route decodes the path as a parameter, and Express logs the URIError a path such as
  // "/%" throws there with its stack; refuseUnreadableRequests answers those paths instead.
  app.use(
    createCachingRequestHandler({
      build,
      pageCache,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: req.ip }),
    }),
  );
  app.use(answerApiErrors);

  const stopJobs = startJobs(env);
  const server = app.listen(env.port, () => {
    logger.info({ port: env.port, appUrl: env.appUrl }, `Shop listening on ${env.appUrl} (port ${env.port})`);
  });

  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    const seconds = env.shutdownTimeoutMs / 1000;
    logger.info({ signal, inFlight: inFlight.requests.size, timeoutSeconds: seconds }, `${signal} received: finishing in-flight requests`);
    // A timed job's pass under way finishes (and gives its lease up) before the database connections close.
    const jobsStopped = stopJobs();
    // Not server.close(): since Node 19 it also drops idle kept-alive connections at once, and a proxy that sends
    // its next request on one at that moment gets a reset, which it may not retry (a POST). Idle ones close
    // themselves after keepAliveTimeout (5 s), which the proxy's own keep-alive timeout stays below
    // (deploy/nginx.conf); a request on one meanwhile is answered, with `Connection: close`.
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
    inFlight.stopping();
    // What has not finished by the deadline is cut, and each such request is logged so the operator can follow it up.
    const deadline = setTimeout(() => {
      for (const request of inFlight.requests) {
        logger.warn({ ...request, signal, timeoutSeconds: seconds }, "request cut at shutdown: it did not finish within SHUTDOWN_TIMEOUT_SECONDS");
      }
      server.closeAllConnections();
    }, env.shutdownTimeoutMs);
    // A job or the database that never lets go must not keep the process past its time: exit, failed.
    setTimeout(() => {
      logger.error({ signal }, "shutdown did not finish: the timed jobs or the database connections did not close");
      process.exit(1);
    }, env.shutdownTimeoutMs + 10_000).unref();
    await closed;
    clearTimeout(deadline);
    await jobsStopped;
    await pageCache.close();
    await prisma.$disconnect();
    logger.info({ signal }, "stopped");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

type InFlightRequest = { requestId: string; method: string; path: string; startedAt: string };

/**
 * The requests being answered, so a shutdown can wait for them and name the ones it cuts (path only: a query may
 * hold personal data). Once stopping, each answer closes its connection, so a kept-alive client moves elsewhere.
 */
function trackInFlight() {
  const requests = new Set<InFlightRequest>();
  let stopping = false;
  const middleware: express.RequestHandler = (req, res, next) => {
    const request = {
      requestId: res.locals.requestId as string,
      method: req.method,
      path: req.path,
      startedAt: new Date().toISOString(),
    };
    requests.add(request);
    if (stopping) res.setHeader("Connection", "close");
    res.on("close", () => {
      requests.delete(request);
      if (stopping) res.socket?.destroySoon();
    });
    next();
  };
  return {
    requests,
    middleware,
    stopping() {
      stopping = true;
    },
  };
}
