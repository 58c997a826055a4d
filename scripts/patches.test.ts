import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// patch-package applies patches/ at postinstall; a dependency update it cannot patch, or an install that skipped
// scripts, would otherwise go unnoticed until the build, the router cache or PostgreSQL's schema reads changed.
// Reading the files is faster and changes nothing, unlike running patch-package, which writes node_modules.

type Hunk = { header: string; after: string[] };
type FilePatch = { file: string; hunks: Hunk[] };

/** The files a patch changes and, per hunk, the lines the file has after it: its context and the lines it adds, in order. */
function parsePatch(text: string): FilePatch[] {
  const files: FilePatch[] = [];
  for (const line of text.split("\n")) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) files.push({ file: target[1], hunks: [] });
    else if (line.startsWith("@@")) files.at(-1)!.hunks.push({ header: line, after: [] });
    else if (/^[+ ]/.test(line) && files.at(-1)?.hunks.length) files.at(-1)!.hunks.at(-1)!.after.push(line.slice(1));
  }
  return files;
}

const patchFiles = fs.readdirSync("patches").filter((name) => name.endsWith(".patch"));

describe("the patches in patches/ are applied in node_modules", () => {
  it("has patches to check", () => {
    expect(patchFiles).toContain("@remix-run+dev+2.17.5.patch");
  });

  it.each(patchFiles)("%s", (patchFile) => {
    const [, name, version] = /^(.+)\+([^+]+)\.patch$/.exec(patchFile)!;
    const packageName = name.replaceAll("+", "/");
    const installed = JSON.parse(fs.readFileSync(path.join("node_modules", packageName, "package.json"), "utf8")) as { version: string };
    expect(installed.version, `${packageName} is installed at the version the patch was made for`).toBe(version);

    const files = parsePatch(fs.readFileSync(path.join("patches", patchFile), "utf8"));
    expect(files.length).toBeGreaterThan(0);
    for (const { file, hunks } of files) {
      const source = fs.readFileSync(file, "utf8");
      for (const { header, after } of hunks) {
        const applied = source.includes(after.join("\n"));
        expect(applied, `${file} ${header} is not applied (run "npx patch-package" and see what it says)`).toBe(true);
      }
    }
  });
});
