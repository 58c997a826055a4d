import "./server/production-mode";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { prisma, prepareDatabase } from "./app/db.server";
import { EnvError, parseEnv } from "./app/env.server";
import { ensureAdmin } from "./app/models/admin.server";
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
  const admin = await ensureAdmin(env);
  if (admin.generatedPassword) {
    process.stdout.write(
      `Administrator created: ${admin.email} with password ${admin.generatedPassword} (shown once; set ADMIN_PASSWORD to choose your own)\n`,
    );
  }

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

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
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
