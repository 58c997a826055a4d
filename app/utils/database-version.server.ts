import Database from "better-sqlite3";
import { resolveSqliteUrl } from "./database-url";

/**
 * SQLite's `PRAGMA data_version`, read on a connection of its own that never writes: it changes whenever any other
 * connection commits (this process's Prisma client, another server worker, an import), so two equal readings mean
 * nothing changed in between. A synchronous call of a few microseconds, cheap enough for every request; through
 * Prisma the same question cost a query-compiler round trip each time. NaN (equal to nothing) when SQLite cannot
 * answer, so a caller treats the database as changed and reads afresh.
 */
export function openDatabaseVersion(databaseUrl: string | undefined) {
  const file = resolveSqliteUrl(databaseUrl).slice("file:".length);
  const connection = new Database(file, { fileMustExist: true });
  const statement = connection.prepare("PRAGMA data_version").pluck();
  return {
    read(): number {
      try {
        return statement.get() as number;
      } catch {
        return Number.NaN;
      }
    },
    close: () => connection.close(),
  };
}

export type DatabaseVersion = ReturnType<typeof openDatabaseVersion>;
