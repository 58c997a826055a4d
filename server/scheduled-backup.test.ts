/**
 * The daily backup of BACKUP_DIR (issue 17): taken once per Kuwait day, after 03:00 Kuwait time, or at once when the
 * folder has none; a restart on the same day takes no second one.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupIfDue } from "./scheduled-backup";

const work = path.resolve("tests/.tmp", `scheduled-backup-${process.pid}`);
const databaseUrl = `file:${path.join(work, "shop.db")}`;
const dir = path.join(work, "backups");
const options = { databaseUrl, uploadsDir: path.join(work, "uploads"), dir, keep: 3 };

function touchBackup(stamp: string) {
  fs.writeFileSync(path.join(dir, `timsar-backup-${stamp}.tar.gz`), "");
}

beforeAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: "pipe" });
});

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("the scheduled backup", () => {
  it("backs up at once when the folder has none, then not again the same Kuwait day", { timeout: 60_000 }, async () => {
    const file = await backupIfDue(options);
    expect(file).toMatch(/timsar-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(fs.existsSync(file!)).toBe(true);
    expect(fs.existsSync(`${file}.sha256`)).toBe(true);
    expect(await backupIfDue(options)).toBeNull();
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tar.gz"))).toHaveLength(1);
  });

  it("waits for 03:00 in Kuwait when yesterday has its backup", { timeout: 60_000 }, async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir);
    // 2026-11-20 01:00 UTC is 04:00 in Kuwait; the next day's 01:30 Kuwait is 22:30 UTC on the 20th.
    touchBackup("20261120T010000Z");
    expect(await backupIfDue(options, new Date("2026-11-20T22:30:00Z"))).toBeNull();
    expect(await backupIfDue(options, new Date("2026-11-20T23:59:00Z"))).toBeNull();
    const file = await backupIfDue(options, new Date("2026-11-21T00:30:00Z"));
    expect(file).not.toBeNull();
    expect(fs.existsSync(file!)).toBe(true);
  });
});
