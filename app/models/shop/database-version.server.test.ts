import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createProduct } from "../../../tests/factories/product";
import { openCatalogueVersion } from "./database-version.server";

// The catalogue's version as the page cache reads it, on the engine of the run (both: decision 0084). On PostgreSQL
// each reading is a round trip shared by the requests waiting for it, so these are the rules of that sharing.
const reader = openCatalogueVersion(process.env.DATABASE_URL);
afterAll(() => reader.close());

describe("the catalogue's version", () => {
  it("answers each product asked in one run with its own version, and moves only the one whose stock moved", async () => {
    const [first, second] = [await createProduct(prisma, { stockQuantity: 5 }), await createProduct(prisma, { stockQuantity: 5 })];
    const before = await Promise.all([reader.read({ productId: first.id }), reader.read({ productId: second.id }), reader.read("list")]);
    expect(before[0].scoped).toContain(`product:${first.id}:`);
    expect(before[1].scoped).toContain(`product:${second.id}:`);
    expect(before[0].list).toBe(before[2].list);

    await prisma.product.update({ where: { id: first.id }, data: { stockQuantity: 4 } });
    const after = await Promise.all([reader.read({ productId: first.id }), reader.read({ productId: second.id })]);
    expect(after[0].scoped).not.toBe(before[0].scoped);
    // Other files write products meanwhile, which may move the listings' version but never this product's own.
    expect(after[1].scoped.slice(after[1].scoped.indexOf("|product:"))).toBe(before[1].scoped.slice(before[1].scoped.indexOf("|product:")));
  });

  it("shows a commit to every reading asked after it, even while a reading asked before it is still on its way", async () => {
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const before = await reader.read({ productId: product.id });
    const earlier = reader.read({ productId: product.id });
    await prisma.product.update({ where: { id: product.id }, data: { stockQuantity: 3 } });
    const later = await reader.read({ productId: product.id });
    expect(later.scoped).not.toBe(before.scoped);
    await expect(earlier).resolves.toMatchObject({ scoped: expect.stringContaining(`product:${product.id}:`) });
  });
});
