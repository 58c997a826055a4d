/**
 * Every raw query of the shop must have run on PostgreSQL in the vitest `postgresql` project (docs/decisions/0037):
 * SQLite forgives SQL that PostgreSQL refuses (an output alias inside an ORDER BY expression, unquoted camelCase
 * names), so a raw query tested on SQLite only can answer 500 in a PostgreSQL shop.
 *
 * The call sites are found in the source (any `$queryRaw`, `$queryRawUnsafe`, `$executeRaw` or `$executeRawUnsafe`
 * in app/, server/ and scripts/, test files aside); the postgresql project's workers record where each raw query
 * they run was called from (tests/setup/vitest-raw-sql.ts); tests/raw-sql/postgresql-coverage.test.ts, in a project
 * that runs after the others, names the sites no test ran.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export const RAW_METHODS = ["$queryRaw", "$queryRawUnsafe", "$executeRaw", "$executeRawUnsafe"] as const;
const SOURCE_FOLDERS = ["app", "server", "scripts"];
const ROOT = path.resolve(".");

/**
 * Raw queries that cannot run on PostgreSQL or not in a test process, and why; each must still exist, so a stale
 * entry fails too. Keys are `file:function`.
 */
export const NOT_ON_POSTGRESQL: Record<string, string> = {
  "app/db.server.ts:prepareDatabase": "SQLite's PRAGMAs, run only when the engine is SQLite",
  "scripts/db-copy.ts:main": "reads the SQLite source's sqlite_master; scripts/db-copy.test.ts copies into PostgreSQL",
  "scripts/start.ts:pendingOf":
    "runs in the server process that `npm start` spawns; tests/integration/rolling-start.test.ts and the journeys on PostgreSQL (npm run test:e2e:postgresql) start it on PostgreSQL",
  "server/serve.ts:serve":
    "the /readyz check's query (server/migrations.ts writes its SQL), run in a server process; tests/integration/readyz.test.ts asks a real server on PostgreSQL",
};

export type RawSqlSite = { file: string; fn: string; method: string; firstLine: number; lastLine: number };

/** A site's name in messages: the file, the enclosing named function, and its line today. */
export const siteName = (site: RawSqlSite) => `${site.file}:${site.fn} (${site.method}, line ${site.firstLine})`;
export const siteKey = (site: Pick<RawSqlSite, "file" | "fn">) => `${site.file}:${site.fn}`;

function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || full === path.join("app", "generated") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** The name a function is known by: its own, its variable's or property's; anonymous callbacks belong to the function around them. */
function functionName(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parent) {
    const parent = node.parent;
    if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) return parent.name.getText();
  }
  return undefined;
}

/** Every raw query call site in the shop's source. */
export function rawSqlSites(): RawSqlSite[] {
  return SOURCE_FOLDERS.flatMap(sourceFiles)
    .sort()
    .flatMap((file) => sitesInSource(file.split(path.sep).join("/"), fs.readFileSync(path.join(ROOT, file), "utf8")));
}

/** The raw query call sites of one file's text. */
export function sitesInSource(file: string, text: string): RawSqlSite[] {
  const sites: RawSqlSite[] = [];
  if (RAW_METHODS.some((method) => text.includes(method))) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      const parent = node.parent;
      const called = parent && ((ts.isCallExpression(parent) && parent.expression === node) || (ts.isTaggedTemplateExpression(parent) && parent.tag === node));
      if (ts.isPropertyAccessExpression(node) && (RAW_METHODS as readonly string[]).includes(node.name.text) && called) {
        let fn: string | undefined;
        for (let around: ts.Node | undefined = parent; around && !fn; around = around.parent) fn = functionName(around);
        const line = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
        sites.push({ file, fn: fn ?? "(module)", method: node.name.text, firstLine: line(parent.getStart()), lastLine: line(parent.getEnd()) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

/** Where the records of one run go: one JSON-lines file per worker process. */
export function recordFolder(port: string | number): string {
  return path.resolve("tests/.tmp", `raw-sql-${port}`);
}

export type RawSqlRecord = { file: string; line: number } | { testFile: string };

/** The postgresql project's test files, written by its global setup: the check needs all of them to have run. */
export const EXPECTED_FILES = "expected-test-files.json";

/** The project source file and line that called a raw query, from a stack (the first frame in app/, server/ or scripts/). */
export function callerOf(stack: string): { file: string; line: number } | undefined {
  for (const match of stack.matchAll(/(?:\(|at )((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/gm)) {
    const file = path.relative(ROOT, match[1].replace(/^file:\/\//, "")).split(path.sep).join("/");
    if (SOURCE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && !file.startsWith("app/generated/") && !/\.test\.tsx?$/.test(file)) {
      return { file, line: Number(match[2]) };
    }
  }
  return undefined;
}

export function readRecords(folder: string): RawSqlRecord[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".jsonl"))
    .flatMap((name) => fs.readFileSync(path.join(folder, name), "utf8").split("\n"))
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RawSqlRecord);
}

/** The sites no record falls in, and the allowances that name no site any more. */
export function coverageGaps(sites: RawSqlSite[], records: RawSqlRecord[]): { uncovered: RawSqlSite[]; staleAllowances: string[] } {
  const ran = records.flatMap((record) => ("file" in record ? [record] : []));
  const uncovered = sites.filter(
    (site) => !Object.hasOwn(NOT_ON_POSTGRESQL, siteKey(site)) && !ran.some((record) => record.file === site.file && record.line >= site.firstLine && record.line <= site.lastLine),
  );
  const keys = new Set(sites.map(siteKey));
  return { uncovered, staleAllowances: Object.keys(NOT_ON_POSTGRESQL).filter((key) => !keys.has(key)) };
}
