/**
 * `npm start`: migrate, seed an empty database, build when the build is missing or stale, then serve.
 * Each step is cheap when there is nothing to do, so a restart takes a second or two.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EnvError, parseEnv } from "../app/env.server";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`"${command} ${args.join(" ")}" failed\n`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsStale(): boolean {
  const built = path.resolve("build/index.js");
  if (!fs.existsSync(built) || !fs.existsSync(path.resolve("public/build"))) return true;
  const sources = ["app", "remix.config.js", "package.json", "package-lock.json", "tsconfig.json"];
  return Math.max(...sources.map((source) => newestMtime(path.resolve(source)))) > fs.statSync(built).mtimeMs;
}

async function main() {
  try {
    const env = parseEnv();
    process.env.DATABASE_URL = env.databaseUrl;
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const bin = path.resolve("node_modules/.bin");
  run(path.join(bin, "prisma"), ["migrate", "deploy"]);

  const { prisma } = await import("../app/db.server");
  const isEmpty = (await prisma.category.count()) === 0 && (await prisma.product.count()) === 0;
  if (isEmpty) {
    const { seed, formatSeedSummary } = await import("../prisma/seed");
    process.stdout.write(`${formatSeedSummary(await seed(prisma))}\n`);
  }

  if (buildIsStale()) run(path.join(bin, "remix"), ["build"]);

  await import("../server");
}

void main();
