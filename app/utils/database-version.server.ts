import Database from "better-sqlite3";
import pg from "pg";
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

let unknownReadings = 0;
const unknown = () => `unknown:${++unknownReadings}`;

export function openDatabaseVersion(databaseUrl: string | undefined): DatabaseVersion {
  return databaseEngineOf(databaseUrl) === "postgresql" ? postgresqlVersion(databaseUrl as string) : sqliteVersion(databaseUrl);
}

declare global {
  var __shopDatabaseVersions: Map<string, DatabaseVersion> | undefined;
}

/**
 * One reader per process and database, shared by the page cache (server/) and the catalogue cache (the Remix
 * build, a module copy of its own): one connection, and on PostgreSQL one round trip answers both.
 */
export function sharedDatabaseVersion(databaseUrl: string | undefined): DatabaseVersion {
  const key = databaseUrl ?? "";
  const versions = (globalThis.__shopDatabaseVersions ??= new Map());
  let version = versions.get(key);
  if (!version) {
    const opened = openDatabaseVersion(databaseUrl);
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

function sqliteVersion(databaseUrl: string | undefined): DatabaseVersion {
  const file = resolveSqliteUrl(databaseUrl).slice("file:".length);
  const connection = new Database(file, { fileMustExist: true });
  const statement = connection.prepare("PRAGMA data_version").pluck();
  return {
    async read() {
      try {
        return String(statement.get());
      } catch {
        return unknown();
      }
    },
    async close() {
      connection.close();
    },
  };
}

function postgresqlVersion(databaseUrl: string): DatabaseVersion {
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
      const result = await connection.query<{ version: string }>("SELECT pg_current_snapshot()::text AS version");
      return result.rows[0].version;
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
