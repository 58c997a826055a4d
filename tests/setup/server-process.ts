import { spawn, type ChildProcess } from "node:child_process";

// One process (node --import tsx), so killing it leaves no orphaned child behind.
const tsxLoader = ["--import", "tsx"];

/** Another Node than the tests' own, and modules it imports first (tests/platform/node24.test.ts). */
export interface ServerRuntime {
  node?: string;
  imports?: string[];
}

export function startServer(port: number, env: Record<string, string> = {}, { node = process.execPath, imports = [] }: ServerRuntime = {}) {
  const preload = imports.flatMap((file) => ["--import", file]);
  const child = spawn(node, [...tsxLoader, ...preload, "server.ts"], {
    // One process unless the test asks for workers (WEB_CONCURRENCY): the primary and a worker per core would
    // cost two more starts of the app for tests about what one process answers (decision 0084).
    env: { ...process.env, PORT: String(port), ADMIN_PASSWORD: "integration-password", WEB_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  let partial = "";
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
    // The shop logs server errors, with their stacks, as JSON lines on stdout beside the requests (issue 17).
    const lines = (partial + String(chunk)).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (/^\{.*"level":"(error|fatal)"/.test(line)) errors += `${line}\n`;
  });
  child.stderr.on("data", (chunk) => {
    output += String(chunk);
    errors += String(chunk);
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => {
      if (output.includes("Shop listening")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // A server that is meant to fail never becomes ready; that is not an unhandled error.
  ready.catch(() => undefined);
  // `errors` is stderr, where a crash or an unhandled rejection would show, and the log's error lines.
  return { child, ready, output: () => output, errors: () => errors };
}

export function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
}
