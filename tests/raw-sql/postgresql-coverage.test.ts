import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  EXPECTED_FILES,
  coverageGaps,
  rawSqlSites,
  readRecords,
  recordFolder,
  siteName,
  sitesInSource,
} from "../setup/raw-sql-coverage";

// The `raw-sql` project runs after the `sqlite` and `postgresql` ones (sequence.groupOrder in vitest.config.ts).
const folder = recordFolder(process.env.TEST_POSTGRESQL_PORT ?? "none");

describe("raw SQL on PostgreSQL (docs/decisions/0037)", () => {
  it("ran every raw query of the shop in the postgresql project", () => {
    const expectedFile = path.join(folder, EXPECTED_FILES);
    expect(fs.existsSync(expectedFile), "run this check with the postgresql project: npx vitest run --project postgresql --project raw-sql").toBe(true);
    const records = readRecords(folder);
    const ran = new Set(records.flatMap((record) => ("testFile" in record ? [record.testFile] : [])));
    const expected = JSON.parse(fs.readFileSync(expectedFile, "utf8")) as string[];
    expect(expected.filter((file) => !ran.has(file)), "the check needs every test file of the postgresql project to run").toEqual([]);

    const { uncovered, staleAllowances } = coverageGaps(rawSqlSites(), records);
    expect(uncovered.map(siteName), "raw queries that no test of the postgresql project runs: add a test under app/models or tests/integration").toEqual([]);
    expect(staleAllowances, "allowances in tests/setup/raw-sql-coverage.ts whose function has no raw query any more").toEqual([]);
  });

  it("finds call sites by the named function around them, through callbacks and transactions", () => {
    const source = [
      "export async function placeOrder(ids: string[]) {",
      "  const take = ids.map((id) => prisma.$executeRaw`",
      '    UPDATE "Product" SET "x" = 1 WHERE "id" = ${id}`);',
      "  await prisma.$transaction(async (tx) => { await tx.$queryRawUnsafe('SELECT 1'); });",
      "}",
      "const health = async () => prisma.$queryRaw`SELECT 1`;",
      "const notACall = prisma.$executeRaw;",
    ].join("\n");
    expect(sitesInSource("app/models/example.ts", source)).toEqual([
      { file: "app/models/example.ts", fn: "placeOrder", method: "$executeRaw", firstLine: 2, lastLine: 3 },
      { file: "app/models/example.ts", fn: "placeOrder", method: "$queryRawUnsafe", firstLine: 4, lastLine: 4 },
      { file: "app/models/example.ts", fn: "health", method: "$queryRaw", firstLine: 6, lastLine: 6 },
    ]);
    const [take] = sitesInSource("app/models/example.ts", source);
    expect(coverageGaps([take], [{ file: "app/models/example.ts", line: 2 }]).uncovered).toEqual([]);
    expect(coverageGaps([take], [{ file: "app/models/example.ts", line: 4 }]).uncovered).toEqual([take]);
  });
});
