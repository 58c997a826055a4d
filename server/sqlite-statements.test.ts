import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { databaseEngine, prisma } from "~/db.server";
import { createCategory } from "../tests/factories/category";
import { createProduct } from "../tests/factories/product";

// patches/@prisma+adapter-better-sqlite3+*.patch keeps each statement prepared per connection and passes its
// parameters on every run (docs/decisions/0064): the same SQL with other values must read and write those values.
const require = createRequire(import.meta.url);

describe.runIf(databaseEngine === "sqlite")("SQLite statements kept between queries", () => {
  it("is applied to both builds of the adapter", () => {
    const dist = require.resolve("@prisma/adapter-better-sqlite3").replace(/index\.js$/, "");
    for (const file of ["index.js", "index.mjs"]) expect(fs.readFileSync(`${dist}${file}`, "utf8")).toContain("preparedStatement(this.client");
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
