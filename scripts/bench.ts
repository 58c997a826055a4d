/**
 * `npm run bench`: serves the production build on loopback with a fresh demo database and runs every
 * benchmark in scripts/bench/*.ts. Each module exports `bench(context)` returning rows of figures.
 * Figures are noisy on 2-core machines: each module repeats its runs and reports the median.
 * `npm run bench payments` runs one module (scripts/bench/payments.ts: a second shop on BENCH_PORT + 1 that pays
 * through the fake MyFatoorah). `npm run bench -- --engine postgresql` runs the same on PostgreSQL, in a throw-away
 * cluster started here (scripts/lib/postgres-cluster.ts); the payments module stays on SQLite (its checks read the
 * shop's file) and is skipped there.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startPostgresCluster } from "./lib/postgres-cluster";
import { prepareBenchNode, spawnOnBenchNode } from "./bench/lib/bench-node";
import { waitForServer } from "./bench/lib/wait-for-server";

/** `sparePort`: a free port for a module that needs a server of its own. */
export type BenchContext = { baseUrl: string; databaseUrl: string; sparePort: number };
export type BenchRow = { name: string; value: number; unit: string; target: string; ok: boolean };

const port = Number(process.env.BENCH_PORT ?? 3300);
const baseUrl = `http://127.0.0.1:${port}`;
const engineIndex = process.argv.indexOf("--engine");
const engine = engineIndex > 0 ? process.argv[engineIndex + 1] : "sqlite";
const only = process.argv.slice(2).filter((arg, index, all) => arg !== "--engine" && all[index - 1] !== "--engine");
if (engine !== "sqlite" && engine !== "postgresql") throw new Error(`--engine must be sqlite or postgresql, not ${engine}`);

const databaseFile = path.resolve("tests/.tmp/bench.db");
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseFile + suffix, { force: true });
fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
const cluster = engine === "postgresql" ? startPostgresCluster(path.resolve("tests/.tmp/bench-postgresql"), port + 50, { tries: 5 }) : null;
const databaseUrl = cluster ? cluster.createDatabase("bench") : `file:${databaseFile}`;

process.stdout.write(`== the shops and their baselines run on Node ${prepareBenchNode()}\n`);
const server = spawnOnBenchNode("scripts/start.ts", [], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "bench-admin-password", SESSION_SECRET: "bench-session-secret-0123456789" },
  stdio: ["ignore", "ignore", "inherit"],
});

const rows: BenchRow[] = [];
try {
  await waitForServer(baseUrl);
  const dir = path.resolve("scripts/bench");
  const modules = fs.readdirSync(dir).filter((file) => file.endsWith(".ts") && !file.includes(".test."));
  for (const file of modules.sort()) {
    if (only.length && !only.some((name) => file.startsWith(name))) continue;
    if (cluster && file.startsWith("payments")) continue;
    process.stdout.write(`== ${file}\n`);
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      bench: (context: BenchContext) => Promise<BenchRow[]>;
    };
    for (const row of await module.bench({ baseUrl, databaseUrl, sparePort: port + 1 })) {
      rows.push(row);
      process.stdout.write(`${row.ok ? "ok  " : "MISS"} ${row.name}: ${row.value} ${row.unit} (target ${row.target})\n`);
    }
  }
} finally {
  if (server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  cluster?.stop();
}

fs.mkdirSync("tests/.tmp", { recursive: true });
fs.writeFileSync(`tests/.tmp/bench-results${cluster ? "-postgresql" : ""}.json`, JSON.stringify({ at: new Date().toISOString(), engine, rows }, null, 2));
process.stdout.write(`\n${rows.filter((row) => row.ok).length} of ${rows.length} figures met their targets\n`);
