/**
 * A throw-away PostgreSQL cluster on loopback for the tests and the benchmark: Debian's server binaries, a data
 * directory of our own, no Unix socket, fsync off (the data is thrown away). As root, initdb and the server refuse
 * to run, so they run as the `postgres` user on a directory it owns (STACK.md).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { binDir } from "../../server/postgres-programs";

export const CLUSTER_USER = "shop";

const isRoot = process.getuid?.() === 0;

function run(program: string, args: string[]) {
  const command = isRoot ? ["runuser", "-u", "postgres", "--", path.join(binDir(), program), ...args] : [path.join(binDir(), program), ...args];
  const result = spawnSync(command[0], command.slice(1), { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

export type PostgresCluster = {
  port: number;
  /** The URL of one database of the cluster. */
  url(database: string): string;
  /** Creates an empty database (dropping one of that name first) and answers its URL. */
  createDatabase(name: string): string;
  stop(): void;
};

/**
 * Starts a cluster on `port`; with `tries` above 1, on the next ports when one is taken. Pick ports below Linux's
 * ephemeral range (32768 and up), where outgoing connections would otherwise take them at random.
 */
export function startPostgresCluster(directory: string, firstPort: number, { tries = 1 } = {}): PostgresCluster {
  for (let attempt = 1; ; attempt++) {
    try {
      return startOn(directory, firstPort + attempt - 1);
    } catch (error) {
      if (attempt >= tries || !/could not start server/.test(String(error))) throw error;
    }
  }
}

function startOn(directory: string, port: number): PostgresCluster {
  const dataDir = path.resolve(directory);
  stopLeftover(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (isRoot) execFileSync("chown", ["postgres:postgres", dataDir]);
  // C collation: text sorts by code point and LIKE folds ASCII only, as SQLite does (docs/decisions/0018).
  run("initdb", ["-D", dataDir, "-U", CLUSTER_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=''",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c synchronous_commit=off",
    "-c max_connections=400",
    "-c shared_buffers=256MB",
  ].join(" ");
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dataDir, "server.log"), "-w", "-t", "60", "start"]);
  const url = (database: string) => `postgresql://${CLUSTER_USER}@127.0.0.1:${port}/${database}`;
  const psql = (sql: string) => run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url("postgres"), "-c", sql]);
  return {
    port,
    url,
    createDatabase(name) {
      psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      psql(`CREATE DATABASE "${name}"`);
      return url(name);
    },
    stop() {
      stopLeftover(dataDir);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stops a cluster a killed run left running in this directory. */
function stopLeftover(dataDir: string) {
  if (!fs.existsSync(path.join(dataDir, "postmaster.pid"))) return;
  try {
    run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
  } catch {
    // already gone
  }
}
