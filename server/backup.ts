/**
 * Backups that restore (issue 17; docs/backups.md). One file per backup, `timsar-backup-<UTC stamp>.tar.gz`, with:
 *
 * - the database as one consistent snapshot taken while the shop serves: SQLite's online backup API (never a copy
 *   of a file another process is writing), or `pg_dump --format=custom` of an exported snapshot;
 * - the uploaded images (`UPLOADS_DIR`) and the invoices kept as files by older releases (`data/invoices`); today's
 *   invoices are rows of the database;
 * - `manifest.json`: the engine, the SHA-256 and size of every file, and the counts and money totals of that same
 *   snapshot, which a restore checks the restored database against.
 *
 * Beside it, `<file>.sha256` holds the archive's own checksum, so a damaged or truncated backup is refused before
 * anything is restored.
 */
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { databaseEngineOf, resolveSqliteUrl } from "../app/utils/database-url";
import { binDir } from "./postgres-programs";

export const BACKUP_FORMAT = "timsar-backup/1";
const PREFIX = "timsar-backup-";

export type Figures = Record<string, number>;

/** better-sqlite3's largest step: every page of the database at once. */
const ALL_PAGES = 0x7fffffff;

/** What a restore must find again: rows of every table that holds the business, and the money and stock in them. */
const FIGURE_QUERIES: [string, string][] = [
  ...["Category", "Product", "ProductImage", "ProductCustomTag", "ProductOption", "ProductVariant", "DeliveryArea", "Customer", "Admin", "Order", "OrderItem", "OrderStatusChange", "Payment", "Refund", "CreditNote", "StoredInvoice", "Coupon", "CouponUse", "ShopSetting", "StockNoticeAddress", "StockNotice"].map(
    (table): [string, string] => [`rows.${table}`, `SELECT COUNT(*) AS "value" FROM "${table}"`],
  ),
  ["sum.order.totalFils", `SELECT COALESCE(SUM("totalFils"), 0) AS "value" FROM "Order"`],
  ["sum.order.paidTotalFils", `SELECT COALESCE(SUM("totalFils"), 0) AS "value" FROM "Order" WHERE "paymentStatus" = 'paid'`],
  ["sum.order.refundedFils", `SELECT COALESCE(SUM("refundedFils"), 0) AS "value" FROM "Order"`],
  ["sum.order.discountFils", `SELECT COALESCE(SUM("discountFils"), 0) AS "value" FROM "Order"`],
  ["sum.creditNote.amountFils", `SELECT COALESCE(SUM("amountFils"), 0) AS "value" FROM "CreditNote"`],
  ["sum.payment.paidFils", `SELECT COALESCE(SUM("amountFils"), 0) AS "value" FROM "Payment" WHERE "status" = 'paid'`],
  ["sum.product.onHand", `SELECT COALESCE(SUM("stockQuantity" + "heldQuantity"), 0) AS "value" FROM "Product"`],
  ["sum.variant.onHand", `SELECT COALESCE(SUM("stockQuantity" + "heldQuantity"), 0) AS "value" FROM "ProductVariant"`],
];

function figuresOfSqlite(db: Database.Database): Figures {
  return Object.fromEntries(FIGURE_QUERIES.map(([name, sql]) => [name, Number((db.prepare(sql).get() as { value: number | bigint }).value)]));
}

async function figuresOfPostgres(client: pg.Client | pg.PoolClient): Promise<Figures> {
  const figures: Figures = {};
  for (const [name, sql] of FIGURE_QUERIES) figures[name] = Number((await client.query<{ value: string }>(sql)).rows[0].value);
  return figures;
}

export type ManifestFile = { path: string; bytes: number; sha256: string };
export type Manifest = { format: string; createdAt: string; engine: "sqlite" | "postgresql"; files: ManifestFile[]; figures: Figures };

function sha256File(file: string): string {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function filesUnder(root: string, base = root): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(root, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : entry.isFile() ? [path.relative(base, full)] : [];
  });
}

function copyTree(from: string, to: string) {
  for (const file of filesUnder(from)) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(from, file), path.join(to, file));
  }
}

function stampOf(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

export type BackupOptions = { databaseUrl: string | undefined; uploadsDir: string; dataDir: string; to: string; keep: number; now?: Date };

/** Takes a backup into `to` and keeps the newest `keep` there; answers the new file and its manifest. */
export async function backupShop(options: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const now = options.now ?? new Date();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  try {
    const engine = databaseEngineOf(options.databaseUrl);
    const figures = engine === "postgresql" ? await dumpPostgres(options.databaseUrl!, work) : await copySqlite(options.databaseUrl, work);
    copyTree(options.uploadsDir, path.join(work, "uploads"));
    copyTree(path.join(options.dataDir, "invoices"), path.join(work, "invoices"));
    const files = filesUnder(work).sort().map((file) => ({ path: file, bytes: fs.statSync(path.join(work, file)).size, sha256: sha256File(path.join(work, file)) }));
    const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: now.toISOString(), engine, files, figures };
    fs.writeFileSync(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);

    // A backup holds every customer's address and every password hash: for the shop's own user only.
    fs.mkdirSync(options.to, { recursive: true, mode: 0o700 });
    fs.chmodSync(options.to, 0o700);
    const file = path.join(path.resolve(options.to), `${PREFIX}${stampOf(now)}.tar.gz`);
    const partial = `${file}.partial`;
    // Made first with its mode, so tar writes into a file no one else could ever open.
    fs.writeFileSync(partial, "", { mode: 0o600 });
    execFileSync("tar", ["-czf", partial, "-C", work, "."]);
    fs.chmodSync(partial, 0o600);
    fs.writeFileSync(`${file}.sha256`, `${sha256File(partial)}  ${path.basename(file)}\n`, { mode: 0o600 });
    fs.renameSync(partial, file);
    pruneBackups(options.to, options.keep);
    return { file, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * SQLite's online backup: pages copied from a live database, consistent even while the shop writes. All pages go in
 * one step, inside one read transaction of the WAL: copied a hundred pages at a time (better-sqlite3's default), every
 * order committed between two steps restarts the copy, and a busy shop's backup never ends. Writers are not held up.
 */
async function copySqlite(databaseUrl: string | undefined, work: string): Promise<Figures> {
  const source = new Database(resolveSqliteUrl(databaseUrl).slice("file:".length), { readonly: true, fileMustExist: true });
  const target = path.join(work, "database.sqlite");
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new Database(target, { readonly: true });
  try {
    return figuresOfSqlite(copy);
  } finally {
    copy.close();
  }
}

/**
 * How pg_dump and pg_restore are told where the database is: the URL without its password, which goes in the
 * environment (PGPASSWORD) instead, since any user of the machine can read a process's command line.
 */
export function postgresToolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : url.searchParams.get("password");
  url.password = "";
  url.searchParams.delete("password");
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.href, env };
}

/** pg_dump of a snapshot exported by a read-only transaction, whose figures are read in that same snapshot. */
async function dumpPostgres(databaseUrl: string, work: string): Promise<Figures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0].id;
    const figures = await figuresOfPostgres(client);
    const target = postgresToolConnection(databaseUrl);
    const dump = spawnSync(path.join(binDir(), "pg_dump"), ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--file", path.join(work, "database.pgdump"), target.url], { encoding: "utf8", env: target.env });
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
    await client.query("COMMIT");
    return figures;
  } finally {
    await client.end();
  }
}

/** When the newest backup in `dir` was taken, read from its name; null when there is none. */
export function newestBackupAt(dir: string): Date | null {
  if (!fs.existsSync(dir)) return null;
  const stamps = fs
    .readdirSync(dir)
    .map((name) => /^timsar-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/.exec(name))
    .filter((match) => match !== null)
    .map(([, year, month, day, hour, minute, second]) => new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`).getTime());
  return stamps.length ? new Date(Math.max(...stamps)) : null;
}

/** Deletes all but the newest `keep` backups (by the stamp in their names) and their checksum files. */
export function pruneBackups(dir: string, keep: number) {
  const backups = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(PREFIX) && name.endsWith(".tar.gz"))
    .sort()
    .reverse();
  for (const name of backups.slice(Math.max(keep, 1))) {
    fs.rmSync(path.join(dir, name), { force: true });
    fs.rmSync(path.join(dir, `${name}.sha256`), { force: true });
  }
}

export class BackupError extends Error {}

export type RestoreOptions = { from: string; databaseUrl: string | undefined; uploadsDir: string; dataDir: string };

/**
 * Restores a backup into an empty database of the same engine, and the files beside it, then compares the restored
 * database's counts and money with the manifest. Refuses (BackupError, nothing written) a damaged backup, another
 * engine's backup, or a target that already holds a shop.
 */
export async function restoreShop(options: RestoreOptions): Promise<{ manifest: Manifest; figures: Figures }> {
  const archive = path.resolve(options.from);
  if (!fs.existsSync(archive)) throw new BackupError(`No backup at ${archive}.`);
  const sidecar = `${archive}.sha256`;
  if (fs.existsSync(sidecar)) {
    const expected = fs.readFileSync(sidecar, "utf8").trim().split(/\s+/)[0];
    if (expected !== sha256File(archive)) throw new BackupError(`The backup ${path.basename(archive)} is damaged: its checksum does not match ${path.basename(sidecar)}. Nothing was restored.`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "timsar-restore-"));
  try {
    const untar = spawnSync("tar", ["-xzf", archive, "-C", work], { encoding: "utf8" });
    if (untar.status !== 0) throw new BackupError(`The backup ${path.basename(archive)} is damaged and cannot be read (${untar.stderr.trim().split("\n")[0]}). Nothing was restored.`);
    const manifest = readManifest(work);
    for (const file of manifest.files) {
      const full = path.join(work, file.path);
      if (!fs.existsSync(full) || sha256File(full) !== file.sha256) throw new BackupError(`The backup is damaged: ${file.path} does not match its checksum. Nothing was restored.`);
    }
    const engine = databaseEngineOf(options.databaseUrl);
    if (engine !== manifest.engine) {
      throw new BackupError(`This is a ${manifest.engine} backup and the target is ${engine}: restore it into ${manifest.engine}, then move the shop with npm run db:copy.`);
    }
    const figures = engine === "postgresql" ? await restorePostgres(options.databaseUrl!, work) : restoreSqlite(options.databaseUrl, work);
    const differences = Object.keys(manifest.figures).filter((name) => manifest.figures[name] !== figures[name]);
    if (differences.length) throw new BackupError(`The restored database does not match the backup: ${differences.map((name) => `${name} ${figures[name]} instead of ${manifest.figures[name]}`).join(", ")}.`);
    copyTree(path.join(work, "uploads"), options.uploadsDir);
    copyTree(path.join(work, "invoices"), path.join(options.dataDir, "invoices"));
    return { manifest, figures };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(work: string): Manifest {
  const file = path.join(work, "manifest.json");
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  } catch {
    throw new BackupError("This file is not a shop backup: it has no readable manifest.json. Nothing was restored.");
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Unknown backup format "${manifest.format}". Nothing was restored.`);
  return manifest;
}

function restoreSqlite(databaseUrl: string | undefined, work: string): Figures {
  const target = resolveSqliteUrl(databaseUrl).slice("file:".length);
  if (fs.existsSync(target) && fs.statSync(target).size > 0) {
    const existing = new Database(target, { readonly: true });
    try {
      const tables = existing.prepare(`SELECT COUNT(*) AS "value" FROM sqlite_master WHERE type = 'table' AND name = 'Order'`).get() as { value: number };
      const orders = tables.value ? (existing.prepare(`SELECT COUNT(*) AS "value" FROM "Order"`).get() as { value: number }).value : 0;
      if (orders > 0) throw new BackupError(`${target} already holds a shop (${orders} orders): restore into an empty database.`);
    } finally {
      existing.close();
    }
  }
  const partial = `${target}.restoring`;
  fs.copyFileSync(path.join(work, "database.sqlite"), partial);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(target + suffix, { force: true });
  fs.renameSync(partial, target);
  const restored = new Database(target, { readonly: true });
  try {
    return figuresOfSqlite(restored);
  } finally {
    restored.close();
  }
}

async function restorePostgres(databaseUrl: string, work: string): Promise<Figures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = Number((await client.query<{ value: string }>(`SELECT COUNT(*) AS "value" FROM information_schema.tables WHERE table_schema = 'public'`)).rows[0].value);
    if (tables > 0) throw new BackupError("The target database is not empty: restore into a new, empty PostgreSQL database.");
    const target = postgresToolConnection(databaseUrl);
    const restore = spawnSync(path.join(binDir(), "pg_restore"), ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname", target.url, path.join(work, "database.pgdump")], { encoding: "utf8", env: target.env });
    if (restore.status !== 0) throw new BackupError(`pg_restore failed: ${restore.stderr.trim()}`);
    return await figuresOfPostgres(client);
  } finally {
    await client.end();
  }
}
