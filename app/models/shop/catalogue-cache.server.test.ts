import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import pg from "pg";
import { databaseEngine, prisma } from "~/db.server";
import { createCategory } from "../../../tests/factories/category";
import { createProduct } from "../../../tests/factories/product";
import { cachedCatalogue } from "./catalogue-cache.server";
import { getVisibleProduct } from "~/models/catalogue/index.server";

describe("the catalogue cache", () => {
  it("answers repeated reads from memory while nothing changes", async () => {
    let loads = 0;
    const key = `test:${Math.random()}`;
    const load = async () => ++loads;
    const first = await cachedCatalogue(key, load);
    const second = await cachedCatalogue(key, load);
    // Other test files write to the same database in parallel, which may legitimately empty the cache.
    expect(second === first || loads === 2).toBe(true);
  });

  it("forgets everything as soon as the database changes: a hidden product disappears at once", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 1000 });
    expect((await getVisibleProduct(product.id))?.priceFils).toBe(1000);
    await prisma.product.update({ where: { id: product.id }, data: { priceFils: 1100 } });
    expect((await getVisibleProduct(product.id))?.priceFils).toBe(1100);
    await prisma.product.update({ where: { id: product.id }, data: { isVisible: false } });
    expect(await getVisibleProduct(product.id)).toBeNull();
  });

  it("forgets everything when another connection commits (a seed, a second server process)", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, priceFils: 2000 });
    expect((await getVisibleProduct(product.id))?.priceFils).toBe(2000);
    if (databaseEngine === "sqlite") {
      const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
      other.pragma("busy_timeout = 5000");
      other.prepare('UPDATE "Product" SET "priceFils" = 2500 WHERE "id" = ?').run(product.id);
      other.close();
    } else {
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      await other.query('UPDATE "Product" SET "priceFils" = 2500 WHERE "id" = $1', [product.id]);
      await other.end();
    }
    expect((await getVisibleProduct(product.id))?.priceFils).toBe(2500);
  });

  it("lets a script that read the catalogue end by itself: the idle version connection holds no process open", async () => {
    // A bench or a job run by hand reads the catalogue through the same cache; on PostgreSQL its version connection
    // stayed open after the script's last statement, and the script never exited.
    const script = path.resolve(`tests/.tmp/read-catalogue-${process.pid}.ts`);
    fs.mkdirSync(path.dirname(script), { recursive: true });
    fs.writeFileSync(
      script,
      `const { getVisibleProduct } = await import(${JSON.stringify(path.resolve("app/models/catalogue/index.server.ts"))});
const { prisma } = await import(${JSON.stringify(path.resolve("app/db.server.ts"))});
process.stdout.write(String(await getVisibleProduct("no-such-product")));
await prisma.$disconnect();
`,
    );
    try {
      const { stdout } = await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), [script], { timeout: 60_000, killSignal: "SIGKILL" });
      expect(stdout).toBe("null");
    } finally {
      fs.rmSync(script, { force: true });
    }
  }, 90_000);
});
