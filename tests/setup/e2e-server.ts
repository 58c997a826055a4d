/** Playwright's web server: a fresh database, then exactly what `npm start` does. */
import fs from "node:fs";
import path from "node:path";

const url = process.env.DATABASE_URL ?? "";
const file = path.resolve(url.replace(/^file:/, ""));
fs.mkdirSync(path.dirname(file), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });

await import("../../scripts/start");
