import "./server/production-mode";
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { prisma, prepareDatabase } from "./app/db.server";
import { EnvError, parseEnv } from "./app/env.server";
import { ensureAdmin } from "./app/models/admin.server";
import { createCachingRequestHandler, createPageCache } from "./server/page-cache";
import { assignNonce, rejectCrossSiteWrites, securityHeaders } from "./server/security";

const ONE_YEAR_S = 60 * 60 * 24 * 365;

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  await prepareDatabase();
  if (cluster.isPrimary) {
    const admin = await ensureAdmin(env);
    if (admin.generatedPassword) {
      process.stdout.write(
        `Administrator created: ${admin.email} with password ${admin.generatedPassword} (shown once; set ADMIN_PASSWORD to choose your own)\n`,
      );
    }
    // Rendering is CPU-bound and Node uses one core per process: one worker per core (docs/decisions/0011).
    const workers = Math.min(os.availableParallelism(), 4);
    if (workers > 1) return superviseWorkers(workers);
  }
  return serve(env);
}

function superviseWorkers(count: number) {
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  let running = 0;
  function fork() {
    running += 1;
    cluster.fork();
  }
  for (let i = 0; i < count; i++) fork();
  cluster.on("exit", (worker, code) => {
    running -= 1;
    if (!stopping) {
      process.stderr.write(`worker ${worker.process.pid} exited with ${code}; starting another\n`);
      fork();
    } else if (running === 0) {
      void prisma.$disconnect().then(() => process.exit(0));
    }
  });
  function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: finishing in-flight requests\n`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 12_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

async function serve(env: ReturnType<typeof parseEnv>) {
  const buildUrl = pathToFileURL(path.resolve("build/index.js")).href;
  const build = (await import(buildUrl)) as ServerBuild;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);

  app.use(
    morgan(":remote-addr :method :url :status :res[content-length] - :response-time ms", {
      stream: { write: (line: string) => process.stdout.write(line) },
    }),
  );
  app.use(compression());
  app.use(assignNonce);
  app.use(securityHeaders({ isProduction: env.isProduction }));
  app.use(rejectCrossSiteWrites([new URL(env.appUrl).origin]));

  // Fingerprinted assets never change under the same name.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: ONE_YEAR_S * 1000, index: false }));
  // Uploaded images get new names when replaced; they are served as files, never run.
  app.use(
    "/uploads",
    express.static(path.join(env.dataDir, "uploads"), {
      immutable: true,
      maxAge: ONE_YEAR_S * 1000,
      index: false,
      dotfiles: "deny",
      setHeaders(res) {
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    }),
  );
  app.use(express.static("public", { maxAge: "1h", index: false }));

  const pageCache = createPageCache(env.databaseUrl);
  app.all(
    "*",
    createCachingRequestHandler({
      build,
      pageCache,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientAddress: req.ip }),
    }),
  );

  const server = app.listen(env.port, () => {
    process.stdout.write(`Shop listening on ${env.appUrl} (port ${env.port})\n`);
  });

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received: finishing in-flight requests\n`);
    server.close(async () => {
      pageCache.close();
      await prisma.$disconnect();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
