import fs from "node:fs";
import path from "node:path";

/** Debian's PostgreSQL programs of the newest installed version (pg_dump and pg_restore for backups too). */
export function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed: apt-get install -y postgresql");
  return path.join(root, newest, "bin");
}
