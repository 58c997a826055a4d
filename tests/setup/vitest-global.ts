import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { workerDatabaseUrl, workerIds } from "./worker-database";

/** A fresh, migrated SQLite file for each worker of the run (decision 0051). */
export default function setup(project: TestProject) {
  const base = project.config.env.DATABASE_URL as string;
  const files = workerIds().map((id) => workerDatabaseUrl(base, id).slice("file:".length));
  const remove = () => {
    for (const file of files) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  };
  fs.mkdirSync(path.dirname(files[0]), { recursive: true });
  remove();
  // Migrated once and copied: the schema engine takes seconds to start, the copy a millisecond.
  const [first, ...others] = files;
  execFileSync(path.resolve("node_modules/.bin/prisma"), ["migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: `file:${first}` },
    stdio: "pipe",
  });
  for (const file of others) {
    for (const suffix of ["", "-wal"]) if (fs.existsSync(first + suffix)) fs.copyFileSync(first + suffix, file + suffix);
  }
  return remove;
}
