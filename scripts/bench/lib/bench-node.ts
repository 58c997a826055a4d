/**
 * The Node the benches run the shop and its baselines on. By default the machine's, through tsx. With `BENCH_NODE=24`
 * it is Node 24 LTS, the Node the shop is released on (decision 0073), from the copy scripts/node24-copy.sh makes under
 * tests/.tmp/node24 with better-sqlite3 compiled for it. On a machine whose own Node is older, that gives the owner's
 * server's figures, not the development machine's: Node 20's V8, for one, moves every request Express has handled
 * to the old generation, and its scavenges take ten times as long (decision 0101). The load
 * generators and the timed shoppers stay on the machine's Node: they are the clients, not what is measured.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from "node:child_process";
import path from "node:path";

const onNode24 = process.env.BENCH_NODE === "24";
const node24 = path.resolve("tests/.tmp/node24/node_modules/.bin/node");
/** Gives every import of better-sqlite3 the copy compiled for Node 24 (the one tests/platform/node24.test.ts uses). */
const nativeCopy = path.resolve("tests/platform/native-copy.mjs");

if (process.env.BENCH_NODE !== undefined && !onNode24) throw new Error(`BENCH_NODE must be 24 (or unset for the machine's Node), not ${process.env.BENCH_NODE}`);

/** Makes the Node 24 copy when the benches run on it (at once when it is ready); answers the Node's version. */
export function prepareBenchNode(): string {
  if (!onNode24) return process.version;
  const copy = spawnSync("bash", ["scripts/node24-copy.sh"], { stdio: ["ignore", "ignore", "inherit"] });
  if (copy.status !== 0) throw new Error("BENCH_NODE=24: scripts/node24-copy.sh could not make the Node 24 copy (its error is above)");
  return spawnSync(node24, ["--version"], { encoding: "utf8" }).stdout.trim();
}

/** Runs the TypeScript file `script` with `args` on the benches' Node, `nodeFlags` (e.g. --cpu-prof) given to Node. */
export function spawnOnBenchNode(script: string, args: string[], options: SpawnOptions, nodeFlags: string[] = []): ChildProcess {
  if (onNode24) return spawn(node24, ["--import", "tsx", "--import", nativeCopy, ...nodeFlags, script, ...args], options);
  return spawn(path.resolve("node_modules/.bin/tsx"), [...nodeFlags, script, ...args], options);
}
