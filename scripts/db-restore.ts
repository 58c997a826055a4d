/**
 * npm run db:restore -- --from FILE
 *
 * Restores a backup of npm run db:backup into the empty database at DATABASE_URL (the same engine as the backup) and
 * its images into UPLOADS_DIR, then checks the restored counts and money totals against the backup's manifest.
 * A damaged backup, another engine's backup or a database that already holds a shop is refused, and nothing is written.
 */
import path from "node:path";
import { BackupError, restoreShop } from "../server/backup";

const index = process.argv.indexOf("--from");
const from = index > 0 ? process.argv[index + 1] : undefined;
if (!from) {
  process.stderr.write("Usage: npm run db:restore -- --from FILE   (DATABASE_URL names the empty database to restore into)\n");
  process.exit(2);
}
try {
  const { manifest, figures } = await restoreShop({
    from,
    databaseUrl: process.env.DATABASE_URL,
    uploadsDir: path.resolve(process.env.UPLOADS_DIR ?? "data/uploads"),
    dataDir: path.resolve("data"),
  });
  process.stdout.write(`restored the backup of ${manifest.createdAt}; every count and total matches:\n`);
  for (const [name, value] of Object.entries(figures)) process.stdout.write(`  ${name.padEnd(28)} ${value}\n`);
} catch (error) {
  const message = error instanceof BackupError ? error.message : `Restore failed: ${error instanceof Error ? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
