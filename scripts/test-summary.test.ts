import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// CI keeps only the end of `npm test`'s output, where scripts/test-summary.mjs writes: a failed journey has to say
// there why it failed, or a failure seen once on CI cannot be told from a timing.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

function write(name: string, report: unknown) {
  const file = path.join(folder, name);
  fs.writeFileSync(file, JSON.stringify(report));
  return file;
}

function summary(...files: string[]) {
  return execFileSync(process.execPath, ["scripts/test-summary.mjs", ...files], { encoding: "utf8" });
}

const vitest = write("vitest.json", { numPassedTests: 3, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, testResults: [] });

describe("the test run's closing summary", () => {
  it("names a failed journey with where its expectation failed and the first lines of what it received", () => {
    const message =
      "\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: 303\nReceived: 200\nline 4\nline 5\nline 6\nline 7 left out";
    const playwright = write("playwright-postgresql-report.json", {
      stats: { expected: 5, flaky: 1, unexpected: 1, skipped: 0 },
      suites: [{
        title: "checkout.spec.ts",
        suites: [{
          title: "the WhatsApp choice",
          specs: [{
            title: "a posted choice is not kept",
            file: "checkout.spec.ts",
            tests: [{
              projectName: "js",
              status: "unexpected",
              results: [{ error: { message, location: { file: "/work/clone/tests/e2e/checkout.spec.ts", line: 102, column: 7 } } }],
            }],
          }],
        }],
      }],
    });
    const printed = summary(vitest, playwright);
    expect(printed).toContain("playwright on PostgreSQL [js] checkout.spec.ts: the WhatsApp choice › a posted choice is not kept\n");
    expect(printed).toContain("    at e2e/checkout.spec.ts:102\n");
    expect(printed).toContain("    Error: expect(received).toBe(expected)\n    Expected: 303\n    Received: 200\n");
    expect(printed).not.toContain("\u001b[");
    expect(printed).not.toContain("line 7 left out");
    expect(printed).toContain("9 passed, 1 failed");
  });

  it("counts a missing report as a failure, so a step that never wrote one cannot pass", () => {
    expect(summary(vitest, path.join(folder, "absent.json"))).toContain("3 passed, 1 failed");
  });
});
