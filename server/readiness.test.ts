import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { databaseEngine, prisma } from "~/db.server";
import { migrationsFolder, shippedMigrations } from "./migrations";
import { createReadiness } from "./readiness";

const query = (sql: string) => prisma.$queryRawUnsafe(sql);
const folder = migrationsFolder(databaseEngine);
const temporary: string[] = [];
afterAll(() => temporary.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** This release's migrations and one more: the test database then lacks the latest, as before a deploy. */
function releaseWithANewMigration(): { folder: string; newest: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-release-"));
  temporary.push(dir);
  const newest = "99991231000000_not_applied_yet";
  for (const name of [...shippedMigrations(folder), newest]) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, "migration.sql"), "-- empty\n");
  }
  return { folder: dir, newest };
}

describe("readiness (/readyz)", () => {
  it("is ready when the database answers and every migration of the release is applied", async () => {
    expect(await createReadiness(query, folder, () => false)()).toEqual({ status: 200, body: { status: "ready", reason: "ok" } });
  });

  it("is not ready while a migration of the release is missing from _prisma_migrations", async () => {
    const release = releaseWithANewMigration();
    expect(await createReadiness(query, release.folder, () => false)()).toEqual({
      status: 503,
      body: { status: "not ready", reason: "migrations pending", migrations: [release.newest] },
    });
  });

  it("is not ready on a database never migrated (no _prisma_migrations table)", async () => {
    const failing = (sql: string) => (sql === "SELECT 1" ? Promise.resolve([]) : Promise.reject(new Error('relation "_prisma_migrations" does not exist')));
    const answer = await createReadiness(failing, folder, () => false)();
    expect(answer).toMatchObject({ status: 503, body: { reason: "migrations pending" } });
    expect(answer.body.migrations).toEqual(shippedMigrations(folder));
  });

  it("is not ready while PostgreSQL is unreachable", async () => {
    // A real driver on a loopback port where nothing listens (port 9 is discard, never a database).
    const pool = new pg.Pool({ connectionString: "postgresql://shop@127.0.0.1:9/shop", connectionTimeoutMillis: 2000 });
    try {
      const unreachable = (sql: string) => pool.query(sql).then((result) => result.rows);
      expect(await createReadiness(unreachable, migrationsFolder("postgresql"), () => false)()).toEqual({
        status: 503,
        body: { status: "not ready", reason: "database unreachable" },
      });
    } finally {
      await pool.end();
    }
  });

  it("is not ready once draining, whatever the database says", async () => {
    let draining = false;
    const readiness = createReadiness(query, folder, () => draining);
    expect((await readiness()).status).toBe(200);
    draining = true;
    expect(await readiness()).toEqual({ status: 503, body: { status: "not ready", reason: "draining" } });
  });
});
