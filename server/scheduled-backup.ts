import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { startTimedJob } from "../app/models/shop/index.server";
import { kuwaitDateKey } from "../app/shared/admin-dates";
import { newestBackupAt } from "./backup";

const run = promisify(execFile);

const HOUR_MS = 60 * 60 * 1000;
/** Kuwait's night: the quietest hour of a shop whose shoppers are all in one time zone. */
const BACKUP_HOUR_KUWAIT = 3;

export type ScheduledBackupOptions = { databaseUrl: string; uploadsDir: string; dir: string; keep: number };

function kuwaitHour(now: Date): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kuwait", hour: "2-digit", hourCycle: "h23" }).format(now));
}

/**
 * Takes the day's backup when the Kuwait day has none yet and its backup hour has come (or there has never been a
 * backup): a server that was down at 03:00 backs up when it comes back, and a restart never takes a second one.
 * The backup itself is `npm run db:backup` in a child process, so the worker that runs it goes on serving while tar,
 * pg_dump and the checksums work. Answers the new file, or null when nothing was due.
 */
export async function backupIfDue(options: ScheduledBackupOptions, now = new Date()): Promise<string | null> {
  const newest = newestBackupAt(options.dir);
  if (newest && kuwaitDateKey(newest) === kuwaitDateKey(now)) return null;
  if (newest && kuwaitHour(now) < BACKUP_HOUR_KUWAIT) return null;
  const { stdout } = await run(process.execPath, ["--import", "tsx", path.resolve("scripts/db-backup.ts"), "--to", options.dir, "--keep", String(options.keep)], {
    env: { ...process.env, DATABASE_URL: options.databaseUrl, UPLOADS_DIR: options.uploadsDir },
  });
  return /^backup written: (.+)$/m.exec(stdout)?.[1] ?? null;
}

/** Looks every hour whether the day's backup is due, on one server at a time (the job lease, decision 0020). */
export function startScheduledBackups(options: ScheduledBackupOptions): () => Promise<void> {
  return startTimedJob("daily-backup", { intervalMs: HOUR_MS, firstDelayMs: 60_000, holdMs: HOUR_MS }, () => backupIfDue(options));
}
