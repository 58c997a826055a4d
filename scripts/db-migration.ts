/**
 * Writes one migration for each engine from a change to prisma/schema.prisma (docs/decisions/0018):
 *
 *   npm run db:migration -- add_gift_wrap
 *
 * compares the schema with the last committed one (`git show HEAD:prisma/schema.prisma`, or `--from FILE`) and
 * writes prisma/migrations/<stamp>_<name>/migration.sql (SQLite) and prisma/postgresql/migrations/<stamp>_<name>/
 * migration.sql (PostgreSQL), after bringing prisma/postgresql/schema.prisma in step. Read both before committing.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPostgresCluster } from "./lib/postgres-cluster";
import { POSTGRESQL_SCHEMA, SQLITE_SCHEMA, postgresqlSchemaFrom } from "./db-schemas";

/** Text columns sort by code point and compare case-sensitively on PostgreSQL as on SQLite, whatever the database's locale. */
export function withBinaryCollation(postgresqlSql: string): string {
  return postgresqlSql.replace(/("[^"]+" TEXT)(?=[ ,;]|$)(?! COLLATE)/gm, '$1 COLLATE "C"');
}

/** Prisma's schema engine runs through the driver adapter here, so even a diff of two files needs a database to talk to. */
export function diff(from: string | null, to: string, url: string): string {
  const args = ["migrate", "diff", "--script", ...(from ? ["--from-schema-datamodel", from] : ["--from-empty"]), "--to-schema-datamodel", to];
  return execFileSync(path.resolve("node_modules/.bin/prisma"), args, { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Migrations run in folder-name order: a new one always sorts after every existing one of either engine. */
function nextStamp(now: Date): string {
  const stampOf = (date: Date) => date.toISOString().replace(/\D/g, "").slice(0, 14);
  const existing = [path.join("prisma", "migrations"), path.join("prisma", "postgresql", "migrations")]
    .flatMap((folder) => fs.readdirSync(folder))
    .map((name) => name.slice(0, 14))
    .filter((stamp) => /^\d{14}$/.test(stamp))
    .sort();
  const latest = existing.at(-1);
  if (!latest || stampOf(now) > latest) return stampOf(now);
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(latest)!.map(Number);
  return stampOf(new Date(Date.UTC(y, mo - 1, d, h, mi, s + 1)));
}

function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    process.stderr.write("usage: npm run db:migration -- <name in lower_snake_case> [--from OLD_SCHEMA]\n");
    process.exit(1);
  }
  const fromIndex = process.argv.indexOf("--from");
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "shop-migration-"));
  fs.chmodSync(temp, 0o755); // the throw-away cluster runs as the postgres user when we are root
  const oldSqlite = path.join(temp, "old.prisma");
  const oldPostgresql = path.join(temp, "old-postgresql.prisma");
  const oldSchema = fromIndex > 0 ? fs.readFileSync(process.argv[fromIndex + 1], "utf8") : execFileSync("git", ["show", `HEAD:${SQLITE_SCHEMA}`], { encoding: "utf8" });
  fs.writeFileSync(oldSqlite, oldSchema);
  fs.writeFileSync(oldPostgresql, postgresqlSchemaFrom(oldSchema).replace("../../app/generated", path.resolve("app/generated")));
  fs.writeFileSync(POSTGRESQL_SCHEMA, postgresqlSchemaFrom(fs.readFileSync(SQLITE_SCHEMA, "utf8")));

  const stamp = nextStamp(new Date());
  const folder = `${stamp}_${name}`;
  const cluster = startPostgresCluster(path.join(temp, "postgres"), 15_000 + Math.floor(Math.random() * 1000), { tries: 5 });
  let outputs;
  try {
    outputs = [
      { dir: path.join("prisma", "migrations", folder), sql: diff(oldSqlite, SQLITE_SCHEMA, `file:${path.join(temp, "diff.db")}`) },
      { dir: path.join("prisma", "postgresql", "migrations", folder), sql: withBinaryCollation(diff(oldPostgresql, POSTGRESQL_SCHEMA, cluster.url("postgres"))) },
    ];
  } finally {
    cluster.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  }
  if (outputs.every((output) => output.sql.trim() === "" || output.sql.includes("empty migration"))) {
    process.stdout.write("The schema is the same as the last committed one: no migration written.\n");
    return;
  }
  for (const output of outputs) {
    fs.mkdirSync(output.dir, { recursive: true });
    fs.writeFileSync(path.join(output.dir, "migration.sql"), output.sql);
    process.stdout.write(`wrote ${path.join(output.dir, "migration.sql")}\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
