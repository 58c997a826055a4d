/**
 * The owner's search of returns on both engines: a % or _ in it is the character itself, not a wildcard (probe 2,
 * item 9): Prisma's SQLite LIKE has no ESCAPE clause, so such a term is looked up as typed (`idsContaining`).
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueName } from "../../../tests/factories/unique";
import { findReturns } from "./return-admin.server";

/** A return of one bow from a delivered order of this name. */
async function returnOf(fullName: string): Promise<string> {
  const product = await createProduct(prisma, { priceFils: 2500 });
  const order = await createOrder(prisma, { fullName, status: "delivered", items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 1, productId: product.id }] });
  const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
  const made = await prisma.return.create({
    data: {
      number: `RET-${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}${String(crypto.randomInt(0, 1_000_000)).padStart(6, "0")}`,
      orderId: order.id,
      resolution: "refund",
      refundFils: 2500,
      items: { create: [{ orderItemId: item.id, productId: product.id, quantity: 1, reason: "damaged" }] },
    },
    select: { number: true },
  });
  return made.number;
}

describe("the owner's search of returns", () => {
  it("reads % and _ as themselves, not as wildcards, on either engine", async () => {
    const fullName = `${uniqueName("Rate")} 50%`;
    const percent = await returnOf(fullName);
    const snake = await returnOf(`${uniqueName("Snake")} a_b`);
    const plain = await returnOf(uniqueName("Plain"));
    const found = async (q: string) => (await findReturns({ q })).returns.map((row) => row.number);
    expect(await found("%")).toContain(percent);
    expect(await found("A_B")).toContain(snake);
    for (const q of ["%", "_", "5_%"]) expect(await found(q), q).not.toContain(plain);
    expect(await found("%")).not.toContain(snake);
    expect(await found("_")).not.toContain(percent);
    expect(await found(fullName.toUpperCase())).toEqual([percent]);
    // Without a wildcard, the numbers and names are found as before.
    expect(await found(plain)).toEqual([plain]);
    expect(await found(fullName.slice(0, -4))).toEqual([percent]);
  });
});
