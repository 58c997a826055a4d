import path from "node:path";
import { fileURLToPath } from "node:url";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { defineConfig } from "prisma/config";
import { resolveSqliteUrl } from "./app/utils/database-url";

// Prisma 6 only checks that native engine files exist; none is executed, since both engines run as WebAssembly.
// Pointing at any existing file stops the CLI from downloading them from a host these machines cannot reach.
const anyExistingFile = fileURLToPath(import.meta.url);
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= anyExistingFile;
process.env.PRISMA_QUERY_ENGINE_LIBRARY ??= anyExistingFile;
process.env.DATABASE_URL ??= "file:./data/shop.db";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    return new PrismaBetterSQLite3({ url: resolveSqliteUrl(process.env.DATABASE_URL) });
  },
});
