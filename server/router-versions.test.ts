import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * GHSA-jjmj-jmhj-qwj2 (open redirect leading to XSS) is fixed in these versions; Remix 2.17.5 pins older ones
 * exactly, so package.json's `overrides` bring the fixed ones in. Every copy installed anywhere must be fixed.
 */
const FIXED: Record<string, string> = { "react-router": "6.30.6", "react-router-dom": "6.30.6", "@remix-run/router": "1.23.4" };

const newer = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split(/[.-]/).slice(0, 3).map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
};

/** Every installed copy of the named packages, nested ones included. */
function installedCopies(root: string, found: { name: string; version: string; at: string }[] = []) {
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root)) {
    const names = entry.startsWith("@") ? fs.readdirSync(path.join(root, entry)).map((inner) => `${entry}/${inner}`) : [entry];
    for (const name of names) {
      const dir = path.join(root, name);
      if (Object.hasOwn(FIXED, name) && fs.existsSync(path.join(dir, "package.json"))) {
        found.push({ name, version: JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version, at: dir });
      }
      installedCopies(path.join(dir, "node_modules"), found);
    }
  }
  return found;
}

describe("router packages", () => {
  it("are installed only in versions with the open-redirect fix", () => {
    const copies = installedCopies(path.resolve("node_modules"));
    expect(new Set(copies.map((copy) => copy.name))).toEqual(new Set(Object.keys(FIXED)));
    const vulnerable = copies.filter((copy) => !newer(copy.version, FIXED[copy.name]));
    expect(vulnerable).toEqual([]);
  });
});
