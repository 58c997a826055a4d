/**
 * What the storefront bench compares the shop with, measured in the same run on the same machine (issue 15):
 * a bare Express "hello" and the Remix v2 template's page (scripts/bench/bare-remix, served as `remix-serve` serves
 * it: compression, static files, a request log, the Remix handler). Run as `tsx scripts/bench/lib/baselines.ts
 * express|remix PORT`, one process each, so each gets one core as the one-worker shop does.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { spawnOnBenchNode } from "./bench-node";

export const BARE_REMIX_DIR = path.resolve("tests/.tmp/bare-remix");

/** Builds scripts/bench/bare-remix into BARE_REMIX_DIR, so the baseline is always the template's page of this checkout. */
export function buildBareRemix() {
  const build = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], { cwd: path.resolve("scripts/bench/bare-remix"), stdio: "ignore" });
  if (build.status !== 0) throw new Error("building the bare Remix baseline failed");
}

/** Starts one baseline in a process of its own (this file, on the benches' Node), as the storefront bench and Lighthouse do. */
export function startBaseline(kind: "express" | "remix", port: number): ChildProcess {
  return spawnOnBenchNode("scripts/bench/lib/baselines.ts", [kind, String(port)], { stdio: ["ignore", "ignore", "inherit"] });
}

async function main() {
  const [kind, port] = process.argv.slice(2);
  const app = express();
  app.disable("x-powered-by");
  if (kind === "express") {
    app.get("/", (_req, res) => {
      res.send("hello");
    });
  } else {
    const build = (await import(pathToFileURL(path.join(BARE_REMIX_DIR, "build/index.js")).href)) as ServerBuild;
    app.use(compression());
    app.use("/build", express.static(path.join(BARE_REMIX_DIR, "public/build"), { immutable: true, maxAge: "1y" }));
    app.use(morgan("tiny"));
    app.all("*", createRequestHandler({ build, mode: "production" }));
  }
  app.listen(Number(port), "127.0.0.1");
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) void main();
