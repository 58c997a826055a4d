/** Playwright's web server: a fresh database, then exactly what `npm start` does. */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "";

/** A fresh database of the run's cluster (tests/setup/e2e-postgresql.ts), which may still be coming up. */
async function freshPostgresqlDatabase() {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const maintenance = new URL(url);
  maintenance.pathname = "/postgres";
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    try {
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${name}"`);
      return;
    } catch (error) {
      // "the database system is starting up" while the cluster's server opens.
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

if (/^postgres(ql)?:/.test(url)) {
  await freshPostgresqlDatabase();
} else {
  const file = path.resolve(url.replace(/^file:/, ""));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}

await import("../../scripts/start");
