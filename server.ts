import "./server/production-mode";
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "./app/db.server";
import { EnvError, parseEnv } from "./app/env.server";
import { ensureAdmin } from "./app/models/accounts/index.server";
import { keepGeneratedPassword } from "./server/admin-password";
import { logGatewayAppUrlProblem } from "./server/app-url";
import { serve } from "./server/serve";
import { superviseWorkers } from "./server/workers";

/** The shop's entry point (CONTRACT.md): check the environment, migrate, then serve with one worker per core. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  await prepareDatabase();
  if (cluster.isPrimary) {
    logGatewayAppUrlProblem(env);
    keepGeneratedPassword(env.dataDir, await ensureAdmin(env));
    // Rendering is CPU-bound and Node uses one core per process: one worker per core (docs/decisions/0011).
    if (env.workers > 1) return superviseWorkers(env.workers, fileURLToPath(import.meta.url), env.shutdownTimeoutMs);
  }
  return serve(env);
}

void main();
