import Database from "better-sqlite3";
import pg from "pg";
import { todayInKuwait } from "~/shared/admin-dates";
import { databaseEngineOf, resolveSqliteUrl } from "~/utils/database-url";

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
 * What a cached answer shows, so which of the catalogue's versions it follows (docs/decisions/0055 and 0059):
 * - `list`: the catalogue as listings, headers and footers show it, the `CatalogueVersion` row that database triggers
 *   change with every write to products (but stock moves that leave a product on sale or sold out as it was),
 *   categories, settings, delivery areas and the days' best sellers;
 * - `stock`: that and every product's exact stock (`GET /api/products`), the sum of the products' own versions;
 * - `{ productId }`: that and one product's own version, which its page and `GET /api/products/{id}` follow;
 * - `{ productIds }`: that and the own versions of several products, which a guest's cart page follows.
 * A reading of the rows taken after a commit returned shows that commit on both engines, so each keeps the guarantee
 * above. A reading also names the Kuwait day, as the "Best sellers" sort ranks the days before today.
 */
export type CatalogueScope = "list" | "stock" | { productId: string } | { productIds: readonly string[] };

/** `list`, the listing version every answer of the catalogue follows; `scoped`, the version of the scope asked. */
export type CatalogueReading = { list: string; scoped: string };
export type CatalogueVersion = { read(scope?: CatalogueScope): Promise<CatalogueReading>; close(): Promise<void> };

let unknownReadings = 0;
const unknown = () => `unknown:${++unknownReadings}`;

export function openDatabaseVersion(databaseUrl: string | undefined): DatabaseVersion {
  return databaseEngineOf(databaseUrl) === "postgresql" ? postgresqlVersion(databaseUrl as string) : sqliteVersion(databaseUrl);
}

export function openCatalogueVersion(databaseUrl: string | undefined): CatalogueVersion {
  return databaseEngineOf(databaseUrl) === "postgresql" ? postgresqlCatalogueVersion(databaseUrl as string) : sqliteCatalogueVersion(databaseUrl);
}

declare global {
  var __shopDatabaseVersions: Map<string, DatabaseVersion> | undefined;
  var __shopCatalogueVersions: Map<string, CatalogueVersion> | undefined;
}

/**
 * One reader per process and database, shared by the page cache (server/) and the catalogue cache (the Remix
 * build, a module copy of its own): one connection, and on PostgreSQL one round trip answers both.
 */
export function sharedDatabaseVersion(databaseUrl: string | undefined): DatabaseVersion {
  return shared((globalThis.__shopDatabaseVersions ??= new Map()), databaseUrl ?? "", () => openDatabaseVersion(databaseUrl));
}

export function sharedCatalogueVersion(databaseUrl: string | undefined): CatalogueVersion {
  return shared((globalThis.__shopCatalogueVersions ??= new Map()), databaseUrl ?? "", () => openCatalogueVersion(databaseUrl));
}

function shared<T extends { close(): Promise<void> }>(readers: Map<string, T>, key: string, open: () => T): T {
  let reader = readers.get(key);
  if (!reader) {
    const opened = open();
    reader = {
      ...opened,
      close: async () => {
        readers.delete(key);
        await opened.close();
      },
    };
    readers.set(key, reader);
  }
  return reader;
}

function sqliteVersion(databaseUrl: string | undefined): DatabaseVersion {
  const file = resolveSqliteUrl(databaseUrl).slice("file:".length);
  const connection = new Database(file, { fileMustExist: true });
  const dataVersion = connection.prepare("PRAGMA data_version").pluck();
  return {
    async read() {
      try {
        return String(dataVersion.get());
      } catch {
        return unknown();
      }
    },
    async close() {
      connection.close();
    },
  };
}

/**
 * The rows are read again only after some connection committed (an unchanged data_version means they are
 * unchanged), and then only those asked for: microseconds each, synchronous.
 */
function sqliteCatalogueVersion(databaseUrl: string | undefined): CatalogueVersion {
  const file = resolveSqliteUrl(databaseUrl).slice("file:".length);
  const connection = new Database(file, { fileMustExist: true });
  const dataVersion = sameRunReading(connection.prepare("PRAGMA data_version").pluck());
  let statements: Record<"list" | "stock" | "product", Database.Statement> | undefined;
  let seenData: unknown;
  let list: string | null = null;
  let stock: string | null = null;
  const products = new Map<string, string>();
  return {
    async read(scope = "list") {
      try {
        const data = dataVersion.get();
        if (data !== seenData) {
          seenData = data;
          list = stock = null;
          products.clear();
        }
        statements ??= {
          list: connection.prepare('SELECT "version" FROM "CatalogueVersion" WHERE "id" = 1').pluck(),
          stock: connection.prepare('SELECT COALESCE(SUM("version"), 0) FROM "ProductVersion"').pluck(),
          product: connection.prepare('SELECT "version" FROM "ProductVersion" WHERE "productId" = ?').pluck(),
        };
        const { list: listStatement, stock: stockStatement, product: productStatement } = statements;
        list ??= `${versionOf(listStatement.get())}|${todayInKuwait()}`;
        const scoped = scopedVersion(list, scope, () => (stock ??= String(stockStatement.get())), (productId) => {
          let product = products.get(productId);
          if (product === undefined) {
            if (products.size >= MAX_REMEMBERED_PRODUCTS) products.clear();
            product = String(productStatement.get(productId) ?? "none");
            products.set(productId, product);
          }
          return product;
        });
        return { list, scoped };
      } catch {
        seenData = undefined;
        const version = unknown();
        return { list: version, scoped: version };
      }
    },
    async close() {
      connection.close();
    },
  };
}

const MAX_REMEMBERED_PRODUCTS = 10_000;

/** The products whose own versions a scope follows. */
function productIdsOf(scope: CatalogueScope): readonly string[] {
  if (typeof scope === "string") return [];
  return "productId" in scope ? [scope.productId] : scope.productIds;
}

/** The version of `scope`, from the listing's, the products' sum (`stock`) and each product's own (`product`). */
function scopedVersion(list: string, scope: CatalogueScope, stock: () => string | null, product: (productId: string) => string): string {
  if (scope === "list") return list;
  if (scope === "stock") return `${list}|stock:${stock()}`;
  if ("productId" in scope) return `${list}|product:${scope.productId}:${product(scope.productId)}`;
  return `${list}|products:${scope.productIds.map((productId) => `${productId}:${product(productId)}`).join(",")}`;
}

/**
 * `PRAGMA data_version` read once per synchronous run of code: nothing can arrive or commit while JavaScript runs
 * without yielding, so every caller in the same run may share one reading (the page cache asks for the versions of
 * a batch of requests in one run, server/page-cache.ts `versionSoon`). The next run reads again.
 */
function sameRunReading(statement: Database.Statement): { get(): unknown } {
  let reading: { value: unknown } | null = null;
  return {
    get() {
      if (reading) return reading.value;
      reading = { value: statement.get() };
      queueMicrotask(() => (reading = null));
      return reading.value;
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

/** pg's Client has ref() and unref() (node_modules/pg/lib/client.js), which @types/pg does not declare. */
type VersionClient = pg.Client & { ref(): void; unref(): void };

/** A PostgreSQL connection of its own, opened at the first reading and again after it is lost. */
function postgresqlConnection(databaseUrl: string) {
  let client: Promise<VersionClient> | null = null;
  return {
    connect(): Promise<VersionClient> {
      client ??= (async () => {
        const connection = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000, application_name: "shop-cache-version" }) as VersionClient;
        // A lost connection is opened again at the next reading; until then readings are unknown.
        connection.on("error", () => {
          client = null;
        });
        await connection.connect();
        // Idle, the connection lets a process end, as the pool's do (allowExitOnIdle): a script that read the
        // catalogue's version (a bench, a job run by hand) would otherwise never exit.
        connection.unref();
        return connection;
      })();
      client.catch(() => {
        client = null;
      });
      return client;
    },
    /** One statement, holding the process open only while it runs (readings on one connection come one at a time). */
    async query<Row extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>> {
      const open = await this.connect();
      open.ref();
      try {
        return await open.query<Row>(config);
      } finally {
        open.unref();
      }
    },
    lost() {
      client = null;
    },
    async end() {
      const open = client;
      client = null;
      if (open) await open.then((connection) => connection.end()).catch(() => undefined);
    },
  };
}

function postgresqlVersion(databaseUrl: string): DatabaseVersion {
  const connection = postgresqlConnection(databaseUrl);
  let closed = false;

  async function ask(): Promise<string> {
    try {
      const result = await connection.query<{ version: string }>({ text: "SELECT pg_current_snapshot()::text AS version" });
      return result.rows[0].version;
    } catch {
      connection.lost();
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
      await connection.end();
    },
  };
}

/**
 * One statement, so one snapshot: the listing version, the products' sum when a request waiting asked for it, and
 * the versions of the products the waiting requests asked for. Prepared once per connection (named).
 */
const CATALOGUE_QUERY = `SELECT (SELECT "version"::text FROM "CatalogueVersion" WHERE "id" = 1) AS list,
  CASE WHEN $1::boolean THEN (SELECT COALESCE(SUM("version"), 0)::text FROM "ProductVersion") END AS stock,
  (SELECT COALESCE(json_object_agg("productId", "version"::text), '{}'::json) FROM "ProductVersion" WHERE "productId" = ANY($2::text[])) AS products`;

type CatalogueRow = { list: string | null; stock: string | null; products: Record<string, string> };
type Round = { stock: boolean; productIds: Set<string>; answer: Promise<CatalogueRow | null>; resolve: (row: CatalogueRow | null) => void };

/**
 * Requests that arrive while a reading is under way wait for the next one, which asks what all of them need: one
 * round trip however many requests and products, and never an answer asked before a request arrived.
 */
function postgresqlCatalogueVersion(databaseUrl: string): CatalogueVersion {
  const connection = postgresqlConnection(databaseUrl);
  let closed = false;
  let running: Round | null = null;
  let waiting: Round | null = null;

  function newRound(): Round {
    let resolve: Round["resolve"] = () => undefined;
    const answer = new Promise<CatalogueRow | null>((done) => (resolve = done));
    return { stock: false, productIds: new Set(), answer, resolve };
  }

  async function ask(round: Round): Promise<CatalogueRow | null> {
    try {
      const result = await connection.query<CatalogueRow>({ name: "shop-catalogue-version", text: CATALOGUE_QUERY, values: [round.stock, [...round.productIds]] });
      return result.rows[0] ?? null;
    } catch {
      connection.lost();
      return null;
    }
  }

  function run(round: Round) {
    running = round;
    void ask(round).then((row) => {
      round.resolve(row);
      running = null;
      if (waiting) {
        const next = waiting;
        waiting = null;
        run(next);
      }
    });
  }

  return {
    async read(scope = "list") {
      if (closed) {
        const version = unknown();
        return { list: version, scoped: version };
      }
      const round = running ? (waiting ??= newRound()) : newRound();
      if (scope === "stock") round.stock = true;
      for (const productId of productIdsOf(scope)) round.productIds.add(productId);
      if (!running) run(round);
      const row = await round.answer;
      const list = `${versionOf(row?.list)}|${todayInKuwait()}`;
      if (!row) return { list, scoped: list };
      return { list, scoped: scopedVersion(list, scope, () => row.stock, (productId) => row.products[productId] ?? "none") };
    },
    async close() {
      closed = true;
      await connection.end();
    },
  };
}
