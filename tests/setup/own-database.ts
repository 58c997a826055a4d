/**
 * A database of this test file's own, fresh and migrated: for tests of whole-shop rules (ensureAdmin disables every
 * other administrator) that would disturb the files sharing the run's database. Import it before anything that
 * imports app/db.server.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";

const file = path.resolve("tests/.tmp", `vitest-own-${process.pid}.db`);
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
process.env.DATABASE_URL = `file:${file}`;
execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], { env: process.env, stdio: "pipe" });

afterAll(() => {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});
