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

type Client = (typeof import("../app/db.server"))["prisma"];

/** The migration folders of this release that the database has not finished applying. */
async function pendingMigrations(prisma: Client, engine: "sqlite" | "postgresql"): Promise<string[]> {
  const folder = engine === "postgresql" ? path.join("prisma", "postgresql", "migrations") : path.join("prisma", "migrations");
  const shipped = fs
    .readdirSync(folder)
    .filter((name) => fs.existsSync(path.join(folder, name, "migration.sql")))
    .sort();
  let applied: { migration_name: string }[] = [];
  try {
    applied = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT "migration_name" FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL',
    );
  } catch {
    return shipped; // a new database: no migrations table yet
  }
  const done = new Set(applied.map((row) => row.migration_name));
  return shipped.filter((name) => !done.has(name));
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
    const pending = await pendingMigrations(prisma, engine);
    if (pending.length === 0) {
      process.stdout.write("Database schema is up to date\n");
      return;
    }
    process.stdout.write(`Applying ${pending.length} migration(s): ${pending.join(", ")}\n`);
    const result = spawnSync(prismaBin, ["migrate", "deploy"], { stdio: "inherit", env: process.env });
    if (result.status === 0) return;
    if (attempt >= 5) {
      process.stderr.write(`"prisma migrate deploy" failed ${attempt} times\n`);
      process.exit(result.status ?? 1);
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
  const { prisma, databaseEngine } = await import("../app/db.server");
  await migrate(prisma, databaseEngine, path.join(bin, "prisma"));

  const isEmpty = (await prisma.category.count()) === 0 && (await prisma.product.count()) === 0;
  if (isEmpty) {
    const { seed, formatSeedSummary } = await import("../prisma/seed");
    process.stdout.write(`${formatSeedSummary(await seed(prisma))}\n`);
  }

  if (buildIsStale()) run(path.join(bin, "remix"), ["build"]);

  await import("../server");
}

void main();
