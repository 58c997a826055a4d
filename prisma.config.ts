import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";
import { databaseEngineOf, resolveSqliteUrl } from "./app/utils/database-url";

// Prisma 6 only checks that native engine files exist; none is executed, since both engines run as WebAssembly.
// Pointing at any existing file stops the CLI from downloading them from a host these machines cannot reach.
const anyExistingFile = fileURLToPath(import.meta.url);
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= anyExistingFile;
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= anyExistingFile;
process.env.DATABASE_URL ??= "file:./data/shop.db";

// One data model, two engines: DATABASE_URL picks the schema (and so the migrations folder beside it) and the
// driver (docs/decisions/0018-two-database-engines.md).
const engine = databaseEngineOf(process.env.DATABASE_URL);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: engine === "postgresql" ? path.join("prisma", "postgresql", "schema.prisma") : path.join("prisma", "schema.prisma"),
  async adapter() {
    if (engine === "postgresql") return new PrismaPg({ connectionString: process.env.DATABASE_URL });
    // A running shop may hold the write lock for a moment: wait for it instead of failing the deploy.
    return new PrismaBetterSQLite3({ url: resolveSqliteUrl(process.env.DATABASE_URL), timeout: 15_000 });
  },
});
