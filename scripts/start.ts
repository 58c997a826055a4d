/**
 * `npm start`: migrate, seed an empty database, build when the build is missing or stale, then serve, in this one
 * process: package.json starts it with `exec node`, so npm's child is the server itself and the SIGTERM or SIGINT a
 * container or service manager sends reaches it (CONTRACT.md; docs/decisions/0042).
 * Each step is cheap when there is nothing to do, so a restart takes a second or two.
 *   --built         a release built ahead (the container image, deploy/build.sh): never build at start, whose tools
 *                   the image has pruned; a missing build stops it with a message instead.
 *   --migrate-only  migrate and seed, then exit: the one-shot step that runs before several servers start (compose.yaml).
 */
import "../server/production-mode";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { EnvError, parseEnv } from "../app/env.server";
import { logOutputOf, logger } from "../app/utils/logger.server";
import { migrationsFolder, pendingMigrations, shippedMigrations } from "../server/migrations";

/** Runs a tool with its output turned into log lines (one JSON object per line in production), and its exit code. */
async function run(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } });
  const logged = logOutputOf(`${path.basename(command)} ${args.join(" ")}`, child.stdout, child.stderr);
  const code = await new Promise<number>((resolve) => child.on("close", (status) => resolve(status ?? 1)));
  await logged;
  return code;
}

async function runOrExit(command: string, args: string[]) {
  const code = await run(command, args);
  if (code !== 0) {
    logger.fatal({ exitCode: code }, `"${path.basename(command)} ${args.join(" ")}" failed`);
    process.exit(code);
  }
}

type Client = (typeof import("../app/db.server"))["prisma"];

/** The migration folders of this release that the database has not finished applying; all of them on a new database. */
async function pendingOf(prisma: Client, engine: "sqlite" | "postgresql"): Promise<string[]> {
  const folder = migrationsFolder(engine);
  return pendingMigrations((sql) => prisma.$queryRawUnsafe(sql), folder).catch(() => shippedMigrations(folder));
}

/**
 * Applies this release's migrations, and only when some are pending: a server started beside running ones (a
 * rolling restart, a second server) must not need the write lock that `prisma migrate deploy` takes even when there
 * is nothing to do, which on a busy SQLite file fails ("WASM_ERROR … SocketTimeout"). When several servers start a
 * new release together, PostgreSQL lets one deploy at a time (Prisma's advisory lock) and a deploy that lost a race on
 * SQLite is tried again once the others are done (docs/decisions/0018).
 */
async function migrate(prisma: Client, engine: "sqlite" | "postgresql", prismaBin: string) {
  for (let attempt = 1; ; attempt++) {
    const pending = await pendingOf(prisma, engine);
    if (pending.length === 0) {
      logger.info("Database schema is up to date");
      return;
    }
    logger.info({ migrations: pending }, `Applying ${pending.length} migration(s): ${pending.join(", ")}`);
    const code = await run(prismaBin, ["migrate", "deploy"]);
    if (code === 0) return;
    if (attempt >= 5) {
      logger.fatal({ exitCode: code }, `"prisma migrate deploy" failed ${attempt} times`);
      process.exit(code);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
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
  let env;
  try {
    env = parseEnv();
    process.env.DATABASE_URL = env.databaseUrl;
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const bin = path.resolve("node_modules/.bin");
  const { prisma, databaseEngine } = await import("../app/db.server");
  await migrate(prisma, databaseEngine, path.join(bin, "prisma"));

  // Empty means never started: an owner who has set up delivery areas but no products yet gets no demo catalogue.
  const counts = await Promise.all([prisma.category.count(), prisma.product.count(), prisma.deliveryArea.count()]);
  if (counts.every((count) => count === 0)) {
    const { seed, formatSeedSummary } = await import("../prisma/seed");
    const summary = await seed(prisma, { demo: env.seedDemo });
    logger.info({ ...summary }, formatSeedSummary(summary));
  }

  if (process.argv.includes("--migrate-only")) {
    await prisma.$disconnect();
    return;
  }
  if (process.argv.includes("--built")) {
    if (!fs.existsSync(path.resolve("build/index.js"))) {
      logger.fatal("No build: run deploy/build.sh (or npm run build) before starting with --built");
      process.exit(1);
    }
  } else if (buildIsStale()) await runOrExit(path.join(bin, "remix"), ["build"]);

  await import("../server");
}

void main();
