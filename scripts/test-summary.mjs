// Prints one closing line for the whole run, "N passed, N failed", from vitest's and Playwright's JSON reports.
import fs from "node:fs";

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

if (fs.existsSync(vitestFile)) {
  const report = JSON.parse(fs.readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
} else {
  failed += 1;
}

if (fs.existsSync(playwrightFile)) {
  const { stats } = JSON.parse(fs.readFileSync(playwrightFile, "utf8"));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
} else {
  failed += 1;
}

process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
