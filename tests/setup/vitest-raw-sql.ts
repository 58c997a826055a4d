/**
 * The postgresql project's workers: records which raw query call sites run (tests/setup/raw-sql-coverage.ts), by
 * wrapping the raw methods of both generated clients' class, so the shop's client, an interactive transaction's
 * client and any client a test opens are all seen. The caller is taken when the query is made, before Prisma's lazy
 * promise runs it (a batch transaction runs it later, from elsewhere).
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect } from "vitest";
import { PrismaClient } from "~/generated/prisma/client";
import { PrismaClient as PostgresqlPrismaClient } from "~/generated/prisma-postgresql/client";
import { callerOf, RAW_METHODS, recordFolder, type RawSqlRecord } from "./raw-sql-coverage";

const file = path.join(recordFolder(process.env.TEST_POSTGRESQL_PORT ?? "none"), `${process.pid}.jsonl`);
const written = new Set<string>();

function record(entry: RawSqlRecord) {
  const line = JSON.stringify(entry);
  if (written.has(line)) return;
  written.add(line);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, `${line}\n`);
}

const WRAPPED = Symbol.for("shop.rawSqlRecorded");
for (const client of [PrismaClient, PostgresqlPrismaClient]) {
  const prototype = client.prototype as unknown as Record<string | symbol, unknown>;
  if (prototype[WRAPPED]) continue;
  prototype[WRAPPED] = true;
  for (const method of RAW_METHODS) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      const caller = callerOf(new Error().stack ?? "");
      if (caller) record(caller);
      return original.apply(this, args);
    };
  }
}

beforeAll(() => {
  const testPath = expect.getState().testPath;
  if (testPath) record({ testFile: path.relative(path.resolve("."), testPath).split(path.sep).join("/") });
});
