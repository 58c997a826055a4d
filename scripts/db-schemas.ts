/**
 * The data model is written once, in prisma/schema.prisma (SQLite). PostgreSQL's schema is made from it here and
 * only the datasource and the generated client's folder differ (docs/decisions/0018-two-database-engines.md).
 *
 *   tsx scripts/db-schemas.ts          writes prisma/postgresql/schema.prisma
 *   tsx scripts/db-schemas.ts --check  fails when the committed copy is out of step
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SQLITE_SCHEMA = path.join("prisma", "schema.prisma");
export const POSTGRESQL_SCHEMA = path.join("prisma", "postgresql", "schema.prisma");

const HEADER = "// Made from prisma/schema.prisma by scripts/db-schemas.ts: edit that file, never this one.\n\n";

export function postgresqlSchemaFrom(sqliteSchema: string): string {
  const replaced = sqliteSchema
    .replace('output       = "../app/generated/prisma"', 'output       = "../../app/generated/prisma-postgresql"')
    .replace('provider = "sqlite"', 'provider = "postgresql"');
  if (!replaced.includes("prisma-postgresql") || !replaced.includes('provider = "postgresql"')) {
    throw new Error(`${SQLITE_SCHEMA}: the generator output or the datasource provider is not where this script expects it`);
  }
  return HEADER + replaced;
}

function main() {
  const expected = postgresqlSchemaFrom(fs.readFileSync(SQLITE_SCHEMA, "utf8"));
  if (process.argv.includes("--check")) {
    const actual = fs.existsSync(POSTGRESQL_SCHEMA) ? fs.readFileSync(POSTGRESQL_SCHEMA, "utf8") : "";
    if (actual !== expected) {
      process.stderr.write(`${POSTGRESQL_SCHEMA} is out of step with ${SQLITE_SCHEMA}: run "tsx scripts/db-schemas.ts"\n`);
      process.exit(1);
    }
    return;
  }
  fs.writeFileSync(POSTGRESQL_SCHEMA, expected);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
