import { spawn, type ChildProcess } from "node:child_process";

// One process (node --import tsx), so killing it leaves no orphaned child behind.
const tsxLoader = ["--import", "tsx"];

export function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...tsxLoader, "server.ts"], {
    env: { ...process.env, PORT: String(port), ADMIN_PASSWORD: "integration-password", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout.on("data", (chunk) => (output += String(chunk)));
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
  // `errors` is stderr alone, where a crash, a stack trace or an unhandled rejection would show.
  return { child, ready, output: () => output, errors: () => errors };
}

export function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
}
