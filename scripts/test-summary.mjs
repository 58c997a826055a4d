// Prints one closing line for the whole run, "N passed, N failed", from vitest's and Playwright's JSON reports,
// after the name of each failed test: CI keeps only the end of the output, and vitest reports its failures first.
// Several Playwright reports may follow (the journeys on SQLite, then some on PostgreSQL, named "...postgresql...").
import fs from "node:fs";
import { stripVTControlCharacters } from "node:util";

const [vitestFile, ...playwrightFiles] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// The last try's error, where it was raised and its first lines (the expectation, the value received, the call that
// waited): enough to tell a timing from a wrong answer when CI keeps nothing else.
function playwrightError(run) {
  const error = run.results?.at(-1)?.error;
  if (!error) return "";
  const lines = stripVTControlCharacters(error.message ?? "").split("\n").map((line) => line.trimEnd()).filter(Boolean).slice(0, 6);
  const where = error.location ? `${error.location.file.split("/tests/").at(-1)}:${error.location.line}` : "";
  return [where && `\n    at ${where}`, ...lines.map((line) => `\n    ${line}`)].join("");
}

function playwrightFailures(suite, path, engine) {
  for (const spec of suite.specs ?? []) {
    for (const run of spec.tests ?? []) {
      if (run.status === "unexpected") failures.push(`playwright${engine} [${run.projectName}] ${spec.file}: ${[...path, spec.title].join(" › ")}${playwrightError(run)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...path, child.title], engine);
}

if (fs.existsSync(vitestFile)) {
  const report = JSON.parse(fs.readFileSync(vitestFile, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") failures.push(`vitest ${file.name}: ${test.fullName}\n    ${(test.failureMessages ?? []).join(" ").split("\n")[0]}`);
    }
  }
} else {
  failed += 1;
}

for (const playwrightFile of playwrightFiles) {
  if (fs.existsSync(playwrightFile)) {
    const report = JSON.parse(fs.readFileSync(playwrightFile, "utf8"));
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    const engine = playwrightFile.includes("postgresql") ? " on PostgreSQL" : "";
    for (const suite of report.suites ?? []) playwrightFailures(suite, [], engine);
  } else {
    failed += 1;
  }
}

if (failures.length > 0) process.stdout.write(`\nFailed:\n${failures.map((line) => `  ${line}`).join("\n")}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
