import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { everyFirstLoad, type FirstLoad } from "./bench/lib/first-load";

// Issue 15's budget (docs/decisions/0021-javascript-budget.md), checked by `npm test` against the production build
// that scripts/test.sh makes before vitest runs, not only when someone runs `npm run bench`.
const HOME_MAX_BYTES = 95 * 1024;
const HOME_MAX_FILES = 8;
const PAGE_MAX_BYTES = 115 * 1024;

/** The newest modification time under a folder, in milliseconds. */
function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated") newest = Math.max(newest, newestChange(file));
    } else if (!/\.test\.tsx?$/.test(entry.name)) {
      newest = Math.max(newest, fs.statSync(file).mtimeMs);
    }
  }
  return newest;
}

/** The first loads of the build on disk; a missing or older build fails here with what to run, rather than measuring old code. */
function builtFirstLoads(): FirstLoad[] {
  const metafile = path.resolve("build", "metafile.js.json");
  if (!fs.existsSync(metafile) || !fs.existsSync(path.resolve("public", "build"))) {
    throw new Error('No production build (build/metafile.js.json, public/build): run "npx remix build" first (npm test does)');
  }
  const builtAt = fs.statSync(metafile).mtimeMs;
  if (newestChange(path.resolve("app")) > builtAt) {
    throw new Error('The production build is older than app/: run "npx remix build" again before measuring it');
  }
  return everyFirstLoad();
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe("the JavaScript a page loads first (gzipped, from the production build)", () => {
  const loads = builtFirstLoads();

  it(`keeps the home page within ${HOME_MAX_BYTES} bytes in at most ${HOME_MAX_FILES} files`, () => {
    const home = loads.find((load) => load.routeId === "routes/_index");
    expect(home, "the build has a home route").toBeDefined();
    const files = home!.files.map((file) => `${file.path} ${file.gzipBytes}`).join("\n");
    expect(home!.gzipBytes, `home ${kilobytes(home!.gzipBytes)}:\n${files}`).toBeLessThanOrEqual(HOME_MAX_BYTES);
    expect(home!.files.length, `home's files:\n${files}`).toBeLessThanOrEqual(HOME_MAX_FILES);
  });

  it(`keeps every page within ${PAGE_MAX_BYTES} bytes`, () => {
    expect(loads.length, "the build has page routes").toBeGreaterThan(10);
    const over = loads.filter((load) => load.gzipBytes > PAGE_MAX_BYTES).map((load) => `${load.routeId} ${kilobytes(load.gzipBytes)}`);
    expect(over).toEqual([]);
  });
});
