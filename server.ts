import "./server/production-mode";
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "./app/db.server";
import { EnvError, parseEnv } from "./app/env.server";
import { ensureAdmin } from "./app/models/admin.server";
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
    const admin = await ensureAdmin(env);
    if (admin.generatedPassword) {
      process.stdout.write(
        `Administrator created: ${admin.email} with password ${admin.generatedPassword} (shown once; set ADMIN_PASSWORD to choose your own)\n`,
      );
    }
    // Rendering is CPU-bound and Node uses one core per process: one worker per core (docs/decisions/0011).
    if (env.workers > 1) return superviseWorkers(env.workers, fileURLToPath(import.meta.url));
  }
  return serve(env);
}

void main();
