import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { prisma } from "../app/db.server";
import { startPaymentJobs } from "../app/models/payment.server";
import { startHousekeeping } from "../app/models/housekeeping.server";
import { startLowStockDigest } from "../app/models/low-stock.server";
import { startStockNotices } from "../app/models/stock-notice.server";
import type { Env } from "../app/env.server";
import { limitRequestBodies } from "./body-limit";
import { assignRequestId, markStatic, metricsEndpoint, requestLog, routePatterns } from "./observability";
import { makeMissingVariants } from "./image-variants";
import { startScheduledBackups } from "./scheduled-backup";
import { createCachingRequestHandler, createPageCache, serveHits } from "./page-cache";
import { refuseUnreadableRequests } from "./remix-request";
import { assignNonce, gatewayPageOrigins, rejectCrossSiteWrites, securityHeaders } from "./security";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

/** One worker: Express in front of the Remix build, with the shared-page cache, until a signal stops it. */
export async function serve(env: Env) {
  const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);

  app.use(assignRequestId(env.trustProxy));
  app.use(requestLog(routePatterns(build)));
  app.get("/metrics", metricsEndpoint(env.metricsToken));
  // A kept catalogue page is answered here, with the headers and compressed bodies it was kept with.
  const pageCache = createPageCache(env.databaseUrl);
  app.use(serveHits(pageCache));
  app.use(compression());
  app.use(assignNonce);
  app.use(securityHeaders({ isProduction: env.isProduction, formActionOrigins: gatewayPageOrigins(env) }));
  app.use(rejectCrossSiteWrites([new URL(env.appUrl).origin]));

  // Fingerprinted assets never change under the same name.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: ONE_YEAR_S * 1000, index: false, setHeaders: markStatic }));
  // Uploaded images get new names when replaced; they are served as files, never run. They live in UPLOADS_DIR,
  // which every server of the shop mounts (docs/decisions/0019-shared-files.md); only its image folders are served:
  // what the owner uploads (products, categories) and the demo catalogue's pictures the seed draws (catalogue).
  for (const kind of ["products", "categories", "catalogue"] as const) {
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
  app.use(express.static("public", { maxAge: "1h", index: false, setHeaders: markStatic }));

  app.use(limitRequestBodies);
  app.use(refuseUnreadableRequests);
  // `use`, not `all("*")`: a "*" route decodes the path as a parameter, and Express logs the URIError a path such as
  // "/%" throws there with its stack; refuseUnreadableRequests answers those paths instead.
  app.use(
    createCachingRequestHandler({
      build,
      pageCache,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: req.ip }),
    }),
  );

  const stopPaymentJobs = startPaymentJobs();
  const stopHousekeeping = startHousekeeping();
  const stopBackups = env.backups ? startScheduledBackups({ databaseUrl: env.databaseUrl, uploadsDir: env.uploadsDir, ...env.backups }) : async () => {};
  const stopLowStockDigest = startLowStockDigest();
  const stopStockNotices = startStockNotices();
  const server = app.listen(env.port, () => {
    process.stdout.write(`Shop listening on ${env.appUrl} (port ${env.port})\n`);
  });

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: finishing in-flight requests\n`);
    // A timed job's pass under way finishes (and gives its lease up) before the database connections close.
    const jobsStopped = Promise.all([stopPaymentJobs(), stopHousekeeping(), stopLowStockDigest(), stopStockNotices(), stopBackups()]);
    server.close(async () => {
      await jobsStopped;
      await pageCache.close();
      await prisma.$disconnect();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
