import Database from "better-sqlite3";
import pg from "pg";
import { todayInKuwait } from "../shared/admin-dates";
import { databaseEngineOf, resolveSqliteUrl } from "./database-url";

/**
 * A value the database keeps that changes whenever anything is committed, by this process, another worker or
 * another server: two equal readings mean nothing was committed in between, so whatever was read from the
 * database after the first reading is still true. The page and catalogue caches ask it on every request
 * (docs/decisions/0012 and 0018).
 *
 * - SQLite: `PRAGMA data_version` on a connection of its own that never writes, a synchronous call of a few
 *   microseconds.
 * - PostgreSQL: `pg_current_snapshot()`, on a connection of its own. A committed write changes it (its transaction
 *   id leaves the in-progress list, or a newer one is handed out), and a reading taken after a commit returned
 *   shows that commit as done, so a page read afterwards sees its data: there is no window in which a server keeps
 *   serving what another server has just changed. One round trip serves every request that arrived before it
 *   started; a request never shares an answer asked before it arrived.
 *
 * A reading that fails answers a value equal to nothing, so the caller reads afresh and keeps nothing.
 */
export type DatabaseVersion = { read(): Promise<string>; close(): Promise<void> };

/**
 * Which version: the whole database's (any commit), or the catalogue's, the `CatalogueVersion` row that database
 * triggers change in the same transaction as every write to what a cached page shows
 * (docs/decisions/0055-catalogue-version.md). A reading of the row taken after a commit returned shows that commit
 * on both engines, so the catalogue's version keeps the guarantee above for the pages.
 */
export type VersionKind = "database" | "catalogue";

let unknownReadings = 0;
const unknown = () => `unknown:${++unknownReadings}`;

export function openDatabaseVersion(databaseUrl: string | undefined, kind: VersionKind = "database"): DatabaseVersion {
  return databaseEngineOf(databaseUrl) === "postgresql" ? postgresqlVersion(databaseUrl as string, kind) : sqliteVersion(databaseUrl, kind);
}

declare global {
  var __shopDatabaseVersions: Map<string, DatabaseVersion> | undefined;
}

/**
 * One reader per process and database, shared by the page cache (server/) and the catalogue cache (the Remix
 * build, a module copy of its own): one connection, and on PostgreSQL one round trip answers both.
 */
export function sharedDatabaseVersion(databaseUrl: string | undefined, kind: VersionKind = "database"): DatabaseVersion {
  const key = `${kind}:${databaseUrl ?? ""}`;
  const versions = (globalThis.__shopDatabaseVersions ??= new Map());
  let version = versions.get(key);
  if (!version) {
    const opened = openDatabaseVersion(databaseUrl, kind);
    version = {
      read: opened.read,
      close: async () => {
        versions.delete(key);
        await opened.close();
      },
    };
    versions.set(key, version);
  }
  return version;
}

function sqliteVersion(databaseUrl: string | undefined, kind: VersionKind): DatabaseVersion {
  const file = resolveSqliteUrl(databaseUrl).slice("file:".length);
  const connection = new Database(file, { fileMustExist: true });
  const dataVersion = connection.prepare("PRAGMA data_version").pluck();
  let catalogue: Database.Statement | undefined;
  // The row is read again only after some connection committed: an unchanged data_version means it is unchanged.
  let seen: { data: unknown; version: string } | null = null;
  return {
    async read() {
      try {
        const data = dataVersion.get();
        if (kind === "database") return String(data);
        if (!seen || seen.data !== data) {
          catalogue ??= connection.prepare('SELECT "version" FROM "CatalogueVersion" WHERE "id" = 1').pluck();
          seen = { data, version: versionOf(catalogue.get()) };
        }
        return `${seen.version}|${todayInKuwait()}`;
      } catch {
        seen = null;
        return unknown();
      }
    },
    async close() {
      connection.close();
    },
  };
}

/**
 * The row's version, or one equal to nothing when the row is missing (a database not migrated yet). The catalogue's
 * version also names the Kuwait day (added by the callers), as the "Best sellers" sort counts the sales of the last
 * days up to today.
 */
function versionOf(value: unknown): string {
  return value === undefined || value === null ? unknown() : `catalogue:${String(value)}`;
}

const POSTGRESQL_QUERIES: Record<VersionKind, string> = {
  database: "SELECT pg_current_snapshot()::text AS version",
  catalogue: 'SELECT "version"::text AS version FROM "CatalogueVersion" WHERE "id" = 1',
};

function postgresqlVersion(databaseUrl: string, kind: VersionKind): DatabaseVersion {
  let client: Promise<pg.Client> | null = null;
  let closed = false;

  function connect(): Promise<pg.Client> {
    client ??= (async () => {
      const connection = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, application_name: "shop-cache-version" });
      // A lost connection is opened again at the next reading; until then readings are unknown.
      connection.on("error", () => {
        client = null;
      });
      await connection.connect();
      return connection;
    })();
    client.catch(() => {
      client = null;
    });
    return client;
  }

  async function ask(): Promise<string> {
    try {
      const connection = await connect();
      const result = await connection.query<{ version: string }>(POSTGRESQL_QUERIES[kind]);
      return kind === "catalogue" ? `${versionOf(result.rows[0]?.version)}|${todayInKuwait()}` : result.rows[0].version;
    } catch {
      client = null;
      return unknown();
    }
  }

  let running: Promise<string> | null = null;
  let next: Promise<string> | null = null;
  function read(): Promise<string> {
    if (closed) return Promise.resolve(unknown());
    if (!running) {
      running = ask().finally(() => {
        running = null;
      });
      return running;
    }
    // A reading is under way, but it was asked before this request arrived: wait for the next one.
    next ??= running.then(() => {
      next = null;
      return read();
    });
    return next;
  }

  return {
    read,
    async close() {
      closed = true;
      const open = client;
      client = null;
      if (open) await open.then((connection) => connection.end()).catch(() => undefined);
    },
  };
}
