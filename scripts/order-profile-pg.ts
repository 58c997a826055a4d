/** `scripts/order-profile.ts` on a throw-away PostgreSQL cluster of its own (port 3560 and up), migrated and seeded first. */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { startPostgresCluster } from "./lib/postgres-cluster";

const cluster = startPostgresCluster(path.resolve("tests/.tmp/prof-postgresql"), 3560, { tries: 3 });
try {
  const url = cluster.createDatabase("prof");
  const env = { ...process.env, DATABASE_URL: url, SESSION_SECRET: "bench-session-secret-0123456789", ADMIN_PASSWORD: "bench-admin-password" };
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts", "--migrate-only"], { env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["scripts/order-profile.ts", ...process.argv.slice(2)], { env, stdio: "inherit" });
} finally {
  cluster.stop();
}
