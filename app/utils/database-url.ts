import fs from "node:fs";
import path from "node:path";

export type DatabaseEngine = "sqlite" | "postgresql";

/** `file:` is SQLite, embedded; `postgresql://` (or `postgres://`) is PostgreSQL, which several servers may share. */
export function databaseEngineOf(url: string | undefined): DatabaseEngine {
  const value = url ?? "file:./data/shop.db";
  if (value.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(value)) return "postgresql";
  throw new Error(`DATABASE_URL must start with "file:" (SQLite) or "postgresql://" (PostgreSQL), got "${value.split("@").pop()}"`);
}

/**
 * Turns `file:./data/shop.db` into an absolute `file:` URL relative to the working directory (the project root),
 * so the CLI, the server and the tests all open the same file, and makes sure its folder exists.
 */
export function resolveSqliteUrl(url: string | undefined): string {
  const value = url ?? "file:./data/shop.db";
  if (!value.startsWith("file:")) {
    throw new Error(`DATABASE_URL must be a SQLite "file:" URL, got "${value}"`);
  }
  const filePath = path.resolve(value.slice("file:".length));
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  return `file:${filePath}`;
}
