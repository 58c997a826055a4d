import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The programs the tests run by name, from every test file: `execFile("qpdf", …)`, `run("pdftotext", …)` and the like. */
function programsTheTestsRun(): Set<string> {
  const programs = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "generated" && !entry.name.startsWith(".")) visit(file);
      } else if (/\.(test|spec)\.tsx?$/.test(entry.name) || (file.startsWith(`tests${path.sep}`) && entry.name.endsWith(".ts"))) {
        const source = fs.readFileSync(file, "utf8");
        for (const match of source.matchAll(/(?<![\w.])(?:execFile|execFileSync|spawn|spawnSync|run)\(\s*"([\w.-]+)"/g)) programs.add(match[1]);
      }
    }
  };
  for (const dir of ["app", "server", "scripts", "tests", "prisma"]) visit(dir);
  return programs;
}

/** What scripts/test.sh installs when it is missing: the first word of each line of its requirements list. */
function requirementsOfTestSh(): string[] {
  const script = fs.readFileSync("scripts/test.sh", "utf8");
  const list = /requirements=\$\(cat <<'LIST'\n([\s\S]*?)\nLIST\n\)/.exec(script);
  expect(list, "scripts/test.sh keeps its requirements in one list").not.toBeNull();
  return list![1].split("\n").map((line) => line.trim().split(/\s+/)[0]);
}

// On every Debian machine that can run npm at all: npm itself, and the base system's grep.
const BASE_SYSTEM = new Set(["npm", "node", "grep", "tar", "cp", "git", "sh", "bash"]);

describe("npm test on a fresh machine", () => {
  it("installs every program a test runs (issue 27: qpdf was missing)", () => {
    const listed = new Set(requirementsOfTestSh());
    const unlisted = [...programsTheTestsRun()].filter((program) => !BASE_SYSTEM.has(program) && !listed.has(program));
    expect(unlisted).toEqual([]);
  });

  it("lists the browser the Playwright config runs", () => {
    expect(fs.readFileSync("playwright.config.ts", "utf8")).toContain('"/usr/bin/chromium-headless-shell"');
    expect(requirementsOfTestSh()).toContain("chromium-headless-shell");
  });
});
