import { describe, expect, it } from "vitest";
import { withBinaryCollation } from "./db-migration";

describe("a PostgreSQL migration written by db:migration", () => {
  it("gives every new text column the code-point collation, in new tables and added columns alike", () => {
    const sql = [
      'CREATE TABLE "Coupon" (\n    "code" TEXT NOT NULL,\n    "note" TEXT,\n    "percent" INTEGER NOT NULL\n);',
      'ALTER TABLE "Order" ADD COLUMN "giftNote" TEXT;',
      'ALTER TABLE "Order" ADD COLUMN "couponCode" TEXT NOT NULL DEFAULT \'\';',
    ].join("\n");
    expect(withBinaryCollation(sql)).toBe(
      [
        'CREATE TABLE "Coupon" (\n    "code" TEXT COLLATE "C" NOT NULL,\n    "note" TEXT COLLATE "C",\n    "percent" INTEGER NOT NULL\n);',
        'ALTER TABLE "Order" ADD COLUMN "giftNote" TEXT COLLATE "C";',
        'ALTER TABLE "Order" ADD COLUMN "couponCode" TEXT COLLATE "C" NOT NULL DEFAULT \'\';',
      ].join("\n"),
    );
    expect(withBinaryCollation(withBinaryCollation(sql))).toBe(withBinaryCollation(sql));
  });
});
