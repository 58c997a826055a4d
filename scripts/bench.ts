/**
 * `npm run bench`: serves the production build on loopback with a fresh demo database and runs every
 * benchmark in scripts/bench/*.ts. Each module exports `bench(context)` returning rows of figures.
 * Figures are noisy on 2-core machines: each module repeats its runs and reports the median.
 * `npm run bench payments` runs one module (scripts/bench/payments.ts: a second shop on BENCH_PORT + 1 that pays
 * through the fake MyFatoorah).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** `sparePort`: a free port for a module that needs a server of its own. */
export type BenchContext = { baseUrl: string; databaseUrl: string; sparePort: number };
export type BenchRow = { name: string; value: number; unit: string; target: string; ok: boolean };

const port = Number(process.env.BENCH_PORT ?? 3300);
const baseUrl = `http://127.0.0.1:${port}`;
const databaseFile = path.resolve("tests/.tmp/bench.db");
const databaseUrl = `file:${databaseFile}`;
const only = process.argv.slice(2);

for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databaseFile + suffix, { force: true });
fs.mkdirSync(path.dirname(databaseFile), { recursive: true });

const server = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/start.ts"], {
  env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, ADMIN_PASSWORD: "bench-admin-password", SESSION_SECRET: "bench-session-secret-0123456789" },
  stdio: ["ignore", "ignore", "inherit"],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not start within 2 minutes");
}

const rows: BenchRow[] = [];
try {
  await waitForServer();
  const dir = path.resolve("scripts/bench");
  const modules = fs.readdirSync(dir).filter((file) => file.endsWith(".ts") && !file.includes(".test."));
  for (const file of modules.sort()) {
    if (only.length && !only.some((name) => file.startsWith(name))) continue;
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
  server.kill("SIGTERM");
}

fs.mkdirSync("tests/.tmp", { recursive: true });
fs.writeFileSync("tests/.tmp/bench-results.json", JSON.stringify({ at: new Date().toISOString(), rows }, null, 2));
process.stdout.write(`\n${rows.filter((row) => row.ok).length} of ${rows.length} figures met their targets\n`);
