/**
 * The doors the fuzz test knocks on, read from app/routes the way Remix reads it (flat routes, as
 * tests/integration/admin-api-guard.test.ts does), so a route added tomorrow is fuzzed without anyone listing it.
 */
import fs from "node:fs";
import path from "node:path";

const ROUTES = path.resolve("app/routes");

export type RouteParam = { name: string };

export type FuzzRoute = {
  /** The module's file, relative to app/routes. */
  file: string;
  /** The URL with `:name` where a parameter goes; `*` for the splat route. */
  pattern: string;
  params: string[];
  isApi: boolean;
  isAdmin: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** What the fuzz sends: GET for a loader, the methods the action names (else POST), and one it does not name. */
  methods: string[];
  /** Field and query names the module reads, so generated bodies and queries get past the first checks. */
  names: string[];
};

const EXPORTS_LOADER = /export\s+(async\s+function|function|const)\s+loader\b/;
const EXPORTS_ACTION = /export\s+(async\s+function|function|const)\s+action\b/;

/** Route modules as remix.config.js sees them: test files are ignored, a folder's module is its route.ts(x). */
export function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES, { withFileTypes: true })
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => {
      if (!entry.isDirectory()) return entry.name;
      return ["route.tsx", "route.ts"].map((name) => path.join(entry.name, name)).find((file) => fs.existsSync(path.join(ROUTES, file)));
    })
    .filter((file): file is string => Boolean(file))
    .sort();
}

/** Remix's flat-route naming: dots are slashes, `$name` a parameter, `_index` the folder's own URL, `[.]` a literal dot. */
export function patternOf(file: string): { pattern: string; params: string[] } {
  const name = file.replace(/(\/route)?\.tsx?$/, "");
  const params: string[] = [];
  const segments = name
    .split(/\.(?![^[]*\])/)
    .filter((segment) => segment !== "_index" && !(segment.startsWith("_") && !segment.includes("[")))
    .map((segment) => {
      const literal = segment.replace(/_$/, "").replace(/\[(.*?)\]/g, "$1");
      if (literal === "$") {
        params.push("*");
        return "*";
      }
      if (!literal.startsWith("$")) return literal;
      params.push(literal.slice(1));
      return `:${literal.slice(1)}`;
    });
  return { pattern: `/${segments.join("/")}`.replace(/\/+$/, "") || "/", params };
}

/** Names in quotes that the module reads from a form, a query or a JSON body. */
function namesRead(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/\.(?:get|getAll|has)\("([A-Za-z_][\w-]*)"\)/g)) names.add(match[1]);
  for (const match of source.matchAll(/\b(?:body|data|input|value)\.([A-Za-z_]\w*)/g)) names.add(match[1]);
  return [...names];
}

export function fuzzRoutes(): FuzzRoute[] {
  return routeFiles().map((file) => {
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    const { pattern, params } = patternOf(file);
    const hasLoader = EXPORTS_LOADER.test(source);
    const hasAction = EXPORTS_ACTION.test(source);
    const named = [...new Set([...source.matchAll(/"(POST|PUT|PATCH|DELETE)"/g)].map((match) => match[1]))];
    const methods = new Set<string>();
    if (hasLoader) methods.add("GET");
    if (hasAction) for (const method of named.length > 0 ? named : ["POST"]) methods.add(method);
    // A method the route does not serve must be refused (405 or the like), never crash it.
    methods.add(hasAction ? "DELETE" : "POST");
    if (hasAction && methods.has("DELETE")) methods.add("PATCH");
    return {
      file,
      pattern,
      params,
      isApi: file.startsWith("api."),
      isAdmin: file.startsWith("api.admin.") || file.startsWith("admin.") || file === "api.upload.ts",
      hasLoader,
      hasAction,
      methods: [...methods],
      names: namesRead(source),
    };
  });
}

/**
 * What issue 13 asks to be fuzzed: every JSON API route and every page with a form action. Pages that only render
 * are fuzzed too, by GET with odd queries and headers, but less often (they are slower and read less input).
 */
export function isPrimaryTarget(route: FuzzRoute): boolean {
  return route.isApi || route.hasAction;
}
