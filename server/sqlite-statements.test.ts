import fs from "node:fs";
import { createRequire } from "node:module";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { databaseEngine, prepareDatabase, prisma } from "~/db.server";
import { PrismaClient } from "~/generated/prisma/client";
import { resolveSqliteUrl } from "~/utils/database-url";
import { createCategory } from "../tests/factories/category";
import { createProduct } from "../tests/factories/product";

// patches/@prisma+adapter-better-sqlite3+*.patch keeps each statement prepared per connection and passes its
// parameters on every run (docs/decisions/0064): the same SQL with other values must read and write those values.
const require = createRequire(import.meta.url);

describe.runIf(databaseEngine === "sqlite")("SQLite statements kept between queries", () => {
  it("is applied to both builds of the adapter", () => {
    const dist = require.resolve("@prisma/adapter-better-sqlite3").replace(/index\.js$/, "");
    for (const file of ["index.js", "index.mjs"]) expect(fs.readFileSync(`${dist}${file}`, "utf8")).toContain("preparedStatement(this.client");
    for (const file of ["index.js", "index.mjs"]) expect(fs.readFileSync(`${dist}${file}`, "utf8")).toContain('prepare("BEGIN IMMEDIATE")');
    for (const file of ["index.js", "index.mjs"]) expect(fs.readFileSync(`${dist}${file}`, "utf8")).toContain("this.#options?.readConnection");
    for (const file of ["index.js", "index.mjs"]) expect(fs.readFileSync(`${dist}${file}`, "utf8")).toContain("this.#options?.timedBusyWait");
  });

  it("reads and writes each query's own values through the same statement", async () => {
    const category = await createCategory(prisma);
    const [first, second] = [await createProduct(prisma, { categoryId: category.id, stockQuantity: 3 }), await createProduct(prisma, { categoryId: category.id, stockQuantity: 7 })];
    for (let round = 0; round < 3; round++) {
      expect((await prisma.product.findUniqueOrThrow({ where: { id: first.id } })).stockQuantity).toBe(3 + round);
      expect((await prisma.product.findUniqueOrThrow({ where: { id: second.id } })).stockQuantity).toBe(7 + round * 2);
      // The same UPDATE … RETURNING statement for both rows, in and out of a transaction.
      await prisma.product.update({ where: { id: first.id }, data: { stockQuantity: { increment: 1 } } });
      await prisma.$transaction([prisma.product.update({ where: { id: second.id }, data: { stockQuantity: { increment: 2 } } })]);
    }
    const counted = await prisma.$executeRawUnsafe('UPDATE "Product" SET "stockQuantity" = "stockQuantity" WHERE "categoryId" = ?', category.id);
    expect(counted).toBe(2);
    expect(await prisma.$executeRawUnsafe('UPDATE "Product" SET "stockQuantity" = "stockQuantity" WHERE "categoryId" = ?', "no-such-category")).toBe(0);
    const rows = await prisma.$queryRawUnsafe<{ id: string }[]>('SELECT "id" FROM "Product" WHERE "categoryId" = ? ORDER BY "stockQuantity"', category.id);
    expect(rows.map((row) => row.id)).toEqual([first.id, second.id]);
  });

  it("reports a failed statement and goes on answering", async () => {
    await expect(prisma.$queryRawUnsafe('SELECT "nope" FROM "Product"')).rejects.toThrow();
    await expect(prisma.$queryRawUnsafe('SELECT "nope" FROM "Product"')).rejects.toThrow();
    const [row] = await prisma.$queryRawUnsafe<{ one: number | bigint }[]>("SELECT 1 AS one");
    expect(Number(row.one)).toBe(1);
  });
});

// The same patch starts every transaction with BEGIN IMMEDIATE: a transaction holds SQLite's write lock from its
// first statement, so one that reads before it writes (the product form checks what unpaid orders hold first) cannot
// meet another worker's commit in between, which SQLite answers with SQLITE_BUSY at once, not after busy_timeout.
describe.runIf(databaseEngine === "sqlite")("SQLite transactions take the write lock when they begin", () => {
  it("keeps another connection from writing between a transaction's read and its write", async () => {
    // As the shop runs it (WAL): readers do not block a writer, so only the lock the transaction took can.
    await prepareDatabase();
    const product = await createProduct(prisma, { stockQuantity: 4 });
    const otherWorker = new Database(resolveSqliteUrl(process.env.DATABASE_URL).replace(/^file:/, ""), { timeout: 0 });
    try {
      const refused: string[] = [];
      const stock = await prisma.$transaction(async (tx) => {
        const read = await tx.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true } });
        try {
          otherWorker.prepare('UPDATE "Product" SET "stockQuantity" = 99 WHERE "id" = ?').run(product.id);
        } catch (error) {
          refused.push((error as { code?: string }).code ?? String(error));
        }
        const written = await tx.product.update({ where: { id: product.id }, data: { stockQuantity: read.stockQuantity + 1 } });
        return written.stockQuantity;
      });
      expect(refused).toEqual(["SQLITE_BUSY"]);
      expect(stock).toBe(5);
      // Once committed, the other connection writes as usual.
      otherWorker.prepare('UPDATE "Product" SET "stockQuantity" = 6 WHERE "id" = ?').run(product.id);
      expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity).toBe(6);
    } finally {
      otherWorker.close();
    }
  });
});

// Prisma's SQLite adapter has one connection per process, and an interactive transaction keeps it between its
// statements while other requests run. Unpatched, a query of another request made meanwhile ran inside that
// transaction: it read its uncommitted rows, and its write was rolled back with it (decision 0098).
describe.runIf(databaseEngine === "sqlite")("SQLite queries outside a transaction stay out of another request's", () => {
  it("reads only what is committed, and keeps a write made meanwhile when that transaction rolls back", async () => {
    const category = await createCategory(prisma);
    let opened = () => undefined as void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const refused = prisma
      .$transaction(async (tx) => {
        await tx.category.update({ where: { id: category.id }, data: { nameEn: "Renamed, then rolled back" } });
        opened();
        await held;
        throw new Error("refused");
      })
      .catch((error: Error) => error.message);
    await open;

    // Another request, while the transaction is open: its read sees the committed name, its write waits for the
    // transaction to end rather than joining it.
    expect((await prisma.category.findUniqueOrThrow({ where: { id: category.id } })).nameEn).toBe(category.nameEn);
    const slug = `${category.slug}-meanwhile`;
    const written = createCategory(prisma, { slug });
    release();
    const kept = await written;
    expect(await refused).toBe("refused");

    expect(await prisma.category.findUnique({ where: { slug } })).toMatchObject({ id: kept.id });
    expect((await prisma.category.findUniqueOrThrow({ where: { id: category.id } })).nameEn).toBe(category.nameEn);
  });
});

// And with the other worker holding SQLite's write lock, a write waits on timers: the event loop goes on answering
// (with better-sqlite3, SQLite's own busy handler sleeps on the event loop's thread), and a transaction that could not
// begin in time lets the next one begin.
describe.runIf(databaseEngine === "sqlite")("SQLite writes wait for another process's lock without stopping the event loop", () => {
  const file = () => resolveSqliteUrl(process.env.DATABASE_URL).replace(/^file:/, "");

  it("goes on running timers while a write and a transaction wait, and writes both once the lock is free", async () => {
    await prepareDatabase();
    const otherWorker = new Database(file());
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 5);
    try {
      otherWorker.prepare("BEGIN IMMEDIATE").run();
      const freed = new Promise<number>((resolve) =>
        setTimeout(() => {
          otherWorker.prepare("COMMIT").run();
          resolve(ticks);
        }, 300),
      );
      const category = createCategory(prisma);
      const moved = category.then((made) => prisma.$transaction(async (tx) => tx.category.update({ where: { id: made.id }, data: { position: { increment: 1 } } })));
      const ticksWhileLocked = await freed;
      const [made, updated] = await Promise.all([category, moved]);
      expect(ticksWhileLocked).toBeGreaterThanOrEqual(10);
      expect(updated.position).toBe(made.position + 1);
    } finally {
      clearInterval(ticking);
      if (otherWorker.inTransaction) otherWorker.prepare("ROLLBACK").run();
      otherWorker.close();
    }
  });

  it("refuses a transaction that could not begin in time, and begins the next one", async () => {
    const shortWait = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: `file:${file()}`, timeout: 100 }, { readConnection: true, timedBusyWait: true }) });
    const otherWorker = new Database(file());
    try {
      const category = await createCategory(shortWait);
      otherWorker.prepare("BEGIN IMMEDIATE").run();
      const rename = (nameEn: string) => shortWait.$transaction(async (tx) => tx.category.update({ where: { id: category.id }, data: { nameEn } }));
      await expect(rename("Not in time")).rejects.toThrow(/timed out/);
      otherWorker.prepare("COMMIT").run();
      expect((await rename("In time")).nameEn).toBe("In time");
    } finally {
      if (otherWorker.inTransaction) otherWorker.prepare("ROLLBACK").run();
      otherWorker.close();
      await shortWait.$disconnect();
    }
  });
});
