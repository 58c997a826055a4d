/**
 * npm run db:backup -- --to DIR [--keep N]
 *
 * Backs up the shop at DATABASE_URL (SQLite or PostgreSQL) with its uploaded images into DIR (or BACKUP_DIR), while
 * it serves, and keeps the newest N backups there (BACKUP_KEEP, default 14). What a backup holds: server/backup.ts.
 */
import path from "node:path";
import { backupShop } from "../server/backup";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const to = option("to") ?? process.env.BACKUP_DIR;
const keep = Number(option("keep") ?? process.env.BACKUP_KEEP ?? 14);
if (!to || !Number.isInteger(keep) || keep < 1) {
  process.stderr.write("Usage: npm run db:backup -- --to DIR [--keep N]   (or set BACKUP_DIR; N is a whole number, at least 1)\n");
  process.exit(2);
}
try {
  const { file, manifest } = await backupShop({
    databaseUrl: process.env.DATABASE_URL,
    uploadsDir: path.resolve(process.env.UPLOADS_DIR ?? "data/uploads"),
    dataDir: path.resolve("data"),
    to,
    keep,
  });
  process.stdout.write(`backup written: ${file}\n`);
  for (const [name, value] of Object.entries(manifest.figures)) process.stdout.write(`  ${name.padEnd(28)} ${value}\n`);
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
