import { describe, expect, it } from "vitest";
import { databaseEngine, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";

/**
 * The two engines' migrations are written apart (docs/decisions/0018-two-database-engines.md): after they ran, the
 * database must have every column of the one data model, or a query touching the missing one fails in production.
 */
describe(`the ${databaseEngine} migrations`, () => {
  const models = Object.entries(Prisma)
    .filter(([name]) => name.endsWith("ScalarFieldEnum") && name !== "TransactionIsolationLevel")
    .map(([name, fields]) => ({ model: name.slice(0, -"ScalarFieldEnum".length), columns: Object.values(fields as Record<string, string>) }));

  it("make a table with every column of every model of prisma/schema.prisma", async () => {
    expect(models.map((entry) => entry.model)).toEqual(expect.arrayContaining(["Order", "Product", "JobLease", "StoredInvoice"]));
    for (const { model, columns } of models) {
      const list = columns.map((column) => `"${column}"`).join(", ");
      await expect(prisma.$queryRawUnsafe(`SELECT ${list} FROM "${model}" LIMIT 0`), model).resolves.toEqual([]);
    }
  });

  // SQLite has no collation to check: it always compares text by code point.
  if (databaseEngine === "postgresql") it("compare and sort text by code point, as SQLite does, whatever the database's locale", async () => {
    const loose = await prisma.$queryRawUnsafe<{ table_name: string; column_name: string }[]>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema() AND data_type = 'text' AND table_name <> '_prisma_migrations'
         AND collation_name IS DISTINCT FROM 'C'`,
    );
    expect(loose).toEqual([]);
  });
});
