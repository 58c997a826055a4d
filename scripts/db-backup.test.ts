/**
 * npm run db:backup / db:restore (issue 17): a shop backed up while orders are being placed, restored elsewhere,
 * has every order committed before the backup began, with the same totals; a damaged backup is refused.
 * SQLite through the online backup API, PostgreSQL through pg_dump of an exported snapshot.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient as SqliteClient } from "../app/generated/prisma/client";
import { PrismaClient as PostgresqlClient } from "../app/generated/prisma-postgresql/client";
import { createCoupon } from "../tests/factories/coupon";
import { createOrder } from "../tests/factories/order";
import { backupShop, BackupError, postgresToolConnection, restoreShop } from "../server/backup";
import { startPostgresCluster, type PostgresCluster } from "./lib/postgres-cluster";

const work = path.resolve("tests/.tmp", `backup-${process.pid}`);
const port = 15_000 + (process.pid % 1000);
let cluster: PostgresCluster;

function migrate(databaseUrl: string) {
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "pipe" });
}

type AnyClient = SqliteClient | PostgresqlClient;

/** Places orders one after another until told to stop: the shop is busy while the backup runs. */
function keepOrdering(db: AnyClient) {
  let running = true;
  let placed = 0;
  const loop = (async () => {
    while (running) {
      await createOrder(db as SqliteClient, { paymentStatus: placed % 2 ? "paid" : "unpaid", subtotalFils: 1000 + placed });
      placed++;
      // Each order is a request of its own, as on a server: without a turn of the event loop, SQLite's client
      // answers in microtasks only and the backup (and every timer) would never get to run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return placed;
  };
}

async function committedOrders(db: AnyClient) {
  return (db as SqliteClient).order.findMany({ select: { id: true, totalFils: true, discountFils: true, paymentStatus: true }, orderBy: { id: "asc" } });
}

beforeAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(path.join(work, "uploads", "products"), { recursive: true });
  fs.writeFileSync(path.join(work, "uploads", "products", "bow.webp"), Buffer.from("RIFF fake webp bytes"));
  cluster = startPostgresCluster(path.join(work, "postgresql"), port, { tries: 5 });
}, 120_000);

afterAll(() => {
  cluster?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

async function backupUnderLoad(databaseUrl: string, db: AnyClient, label: string) {
  for (let index = 0; index < 40; index++) await createOrder(db as SqliteClient, { subtotalFils: 2000 + index });
  const coupon = await createCoupon(db as SqliteClient);
  const first = await createOrder(db as SqliteClient);
  await (db as SqliteClient).order.update({ where: { id: first.id }, data: { couponCode: coupon.code, discountFils: 300, totalFils: first.totalFils - 300 } });
  const stop = keepOrdering(db);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = await committedOrders(db);
  const { file, manifest } = await backupShop({ databaseUrl, uploadsDir: path.join(work, "uploads"), dataDir: path.join(work, `data-${label}`), to: path.join(work, `backups-${label}`), keep: 3 });
  const placedDuring = await stop();
  return { file, manifest, before, placedDuring };
}

describe("a backup taken while orders are placed", () => {
  it("restores a SQLite shop elsewhere with every order committed before it began", { timeout: 120_000 }, async () => {
    const sourceUrl = `file:${path.join(work, "source.db")}`;
    migrate(sourceUrl);
    const source = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: sourceUrl }) });
    // As the shop keeps its file (app/db.server.ts): the backup reads beside a writer only in WAL mode.
    await source.$queryRawUnsafe("PRAGMA journal_mode = WAL");
    try {
      const { file, manifest, before, placedDuring } = await backupUnderLoad(sourceUrl, source, "sqlite");
      expect(placedDuring).toBeGreaterThan(0);
      expect(manifest.engine).toBe("sqlite");
      expect(manifest.figures["rows.Order"]).toBeGreaterThanOrEqual(before.length);
      expect(manifest.figures["sum.order.discountFils"]).toBe(300);
      expect(fs.readFileSync(`${file}.sha256`, "utf8")).toMatch(/^[0-9a-f]{64} {2}timsar-backup-\d{8}T\d{6}Z\.tar\.gz\n$/);
      // Only the shop's own user may read a copy of every customer's data.
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.statSync(`${file}.sha256`).mode & 0o777).toBe(0o600);

      const targetUrl = `file:${path.join(work, "restored.db")}`;
      const restoredUploads = path.join(work, "restored-uploads");
      const { figures } = await restoreShop({ from: file, databaseUrl: targetUrl, uploadsDir: restoredUploads, dataDir: path.join(work, "restored-data") });
      expect(figures).toEqual(manifest.figures);
      const restored = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: targetUrl }) });
      try {
        const after = new Map((await committedOrders(restored)).map((order) => [order.id, order]));
        for (const order of before) expect(after.get(order.id)).toEqual(order);
      } finally {
        await restored.$disconnect();
      }
      expect(fs.readFileSync(path.join(restoredUploads, "products", "bow.webp"), "utf8")).toBe("RIFF fake webp bytes");

      // A second restore into the same, now full, database is refused.
      await expect(restoreShop({ from: file, databaseUrl: targetUrl, uploadsDir: restoredUploads, dataDir: path.join(work, "restored-data") })).rejects.toThrow(/already holds a shop/);
    } finally {
      await source.$disconnect();
    }
  });

  it("restores a PostgreSQL shop into an empty database with every order committed before it began", { timeout: 120_000 }, async () => {
    const sourceUrl = cluster.createDatabase("backup_source");
    migrate(sourceUrl);
    const source = new PostgresqlClient({ adapter: new PrismaPg({ connectionString: sourceUrl }) });
    try {
      // The test cluster trusts loopback; the password still has to travel to pg_dump without breaking the URL.
      const withPassword = sourceUrl.replace("://shop@", "://shop:not%20needed@");
      expect(withPassword).not.toBe(sourceUrl);
      const { file, manifest, before, placedDuring } = await backupUnderLoad(withPassword, source, "postgresql");
      expect(placedDuring).toBeGreaterThan(0);
      expect(manifest.engine).toBe("postgresql");
      const targetUrl = cluster.createDatabase("backup_target");
      const { figures } = await restoreShop({ from: file, databaseUrl: targetUrl, uploadsDir: path.join(work, "pg-uploads"), dataDir: path.join(work, "pg-data") });
      expect(figures).toEqual(manifest.figures);
      const restored = new PostgresqlClient({ adapter: new PrismaPg({ connectionString: targetUrl }) });
      try {
        const after = new Map((await committedOrders(restored)).map((order) => [order.id, order]));
        expect(before.length).toBeGreaterThan(40);
        for (const order of before) expect(after.get(order.id)).toEqual(order);
        // The restored database is a working shop: its migrations are recorded, so npm start applies nothing twice.
        expect(await restored.$queryRawUnsafe(`SELECT COUNT(*)::int AS "count" FROM "_prisma_migrations"`)).toEqual([{ count: fs.readdirSync("prisma/postgresql/migrations").filter((name) => /^\d/.test(name)).length }]);
      } finally {
        await restored.$disconnect();
      }
    } finally {
      await source.$disconnect();
    }
  });
});

describe("pg_dump and pg_restore", () => {
  it("get the database's password through the environment, never on their command line", () => {
    const { url, env } = postgresToolConnection("postgresql://shop:p%40ss%20word@db.example:5432/shop?sslmode=require");
    expect(url).toBe("postgresql://shop@db.example:5432/shop?sslmode=require");
    expect(env.PGPASSWORD).toBe("p@ss word");
    const fromQuery = postgresToolConnection("postgresql://shop@db.example/shop?password=secret");
    expect(fromQuery.url).not.toContain("secret");
    expect(fromQuery.env.PGPASSWORD).toBe("secret");
  });
});

describe("a damaged or foreign backup", () => {
  async function freshBackup(label: string) {
    const url = `file:${path.join(work, `${label}.db`)}`;
    migrate(url);
    const db = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url }) });
    await createOrder(db);
    await db.$disconnect();
    return (await backupShop({ databaseUrl: url, uploadsDir: path.join(work, "uploads"), dataDir: path.join(work, "data"), to: path.join(work, `backups-${label}`), keep: 2 })).file;
  }

  it("is refused with a clear message, and nothing is restored", { timeout: 60_000 }, async () => {
    const file = await freshBackup("damaged");
    const bytes = fs.readFileSync(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const targetFile = path.join(work, "never.db");
    const attempt = restoreShop({ from: file, databaseUrl: `file:${targetFile}`, uploadsDir: path.join(work, "never-uploads"), dataDir: path.join(work, "never-data") });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(/is damaged: its checksum does not match .*Nothing was restored\./);
    expect(fs.existsSync(targetFile)).toBe(false);

    // Without its checksum file, the archive's own integrity check still refuses it, through the command too.
    fs.rmSync(`${file}.sha256`);
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-restore.ts", "--from", file], { encoding: "utf8", env: { ...process.env, DATABASE_URL: `file:${targetFile}` } });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is damaged|not a shop backup/);
    expect(fs.existsSync(targetFile)).toBe(false);
  });

  it("keeps only the newest backups", { timeout: 60_000 }, async () => {
    const url = `file:${path.join(work, "kept.db")}`;
    migrate(url);
    const to = path.join(work, "backups-kept");
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
      await backupShop({ databaseUrl: url, uploadsDir: path.join(work, "uploads"), dataDir: path.join(work, "data"), to, keep: 2, now: new Date(`${day}T01:00:00Z`) });
    }
    expect(fs.readdirSync(to).sort()).toEqual([
      "timsar-backup-20261121T010000Z.tar.gz",
      "timsar-backup-20261121T010000Z.tar.gz.sha256",
      "timsar-backup-20261122T010000Z.tar.gz",
      "timsar-backup-20261122T010000Z.tar.gz.sha256",
    ]);
  });

  it("from another engine is refused with the way to move a shop", { timeout: 60_000 }, async () => {
    const file = await freshBackup("foreign");
    await expect(restoreShop({ from: file, databaseUrl: cluster.createDatabase("foreign_target"), uploadsDir: path.join(work, "x"), dataDir: path.join(work, "y") })).rejects.toThrow(
      "This is a sqlite backup and the target is postgresql: restore it into sqlite, then move the shop with npm run db:copy.",
    );
  });
});
