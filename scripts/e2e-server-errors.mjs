// Prints what the journeys' shops logged as going wrong (tests/.tmp/e2e-server-*.log, playwright.config.ts): each
// answer of 500 or more, and each error or fatal record with the first lines of its stack. scripts/test.sh
// runs it when a journey failed, so a "Something went wrong" on a failure's screenshot has its cause beside it.
import fs from "node:fs";
import path from "node:path";

const LIMIT = Number(process.env.E2E_SERVER_ERRORS_LIMIT ?? 40);
const lines = [];
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  for (const text of fs.readFileSync(file, "utf8").split("\n")) {
    let record;
    try {
      record = JSON.parse(text);
    } catch {
      continue;
    }
    const bad = ["error", "fatal"].includes(record.level) || (typeof record.status === "number" && record.status >= 500);
    if (!bad) continue;
    const where = [record.method, record.route, record.url, record.status].filter((part) => part !== undefined).join(" ");
    const stack = record.err?.stack ?? (typeof record.err === "string" ? record.err : "");
    const detail = stack ? `\n    ${stack.split("\n").slice(0, 6).join("\n    ")}` : "";
    lines.push(`${record.time} ${path.basename(file)} ${record.level} ${record.msg}${where ? ` (${where})` : ""}${record.requestId ? ` [${record.requestId}]` : ""}${detail}`);
  }
}
if (lines.length) {
  const shown = lines.length > LIMIT ? `the last ${LIMIT} of ${lines.length}` : lines.length;
  process.stdout.write(`\nWhat the journeys' shops logged as going wrong (${shown}):\n${lines.slice(-LIMIT).join("\n")}\n`);
}
