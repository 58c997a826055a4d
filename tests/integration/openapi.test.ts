import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/api.openapi[.]json";
import { ProductAnswer } from "~/api/responses.server";
import { documentPathFor, expectConformsToOpenApi } from "../support/openapi-conformance";

type Operation = { "x-route-file": string; responses?: Record<string, unknown>; security?: unknown; parameters?: Array<{ name: string; in: string }> };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

const ROUTES = path.resolve("app/routes");

async function served(): Promise<Document> {
  const response = loader();
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await response.json()) as Document;
}

function apiRouteFiles(): string[] {
  return fs.readdirSync(ROUTES).filter((file) => file.startsWith("api.") && file.endsWith(".ts") && !file.endsWith(".test.ts"));
}

/** Remix's flat-route name to the URL: `api.products.$id_.notify.ts` → `/api/products/{id}/notify`, `[.]` a dot. */
function pathOfRouteFile(file: string): string {
  const segments = file
    .replace(/\.ts$/, "")
    .replaceAll("[.]", "\u0000")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replaceAll("\u0000", "."))
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1).replace(/_$/, "")}}` : segment.replace(/_$/, "")));
  return `/${segments.join("/")}`;
}

/** The methods a route file answers: GET for a loader that is more than a 405, and its action's methods. */
function methodsOfRouteFile(file: string): string[] {
  const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
  const methods: string[] = [];
  const refusingLoader = /export const loader = postOnly|export function loader\(\) \{\s*return jsonError\(405/.test(source);
  if (/export (async )?function loader|export const loader/.test(source) && !refusingLoader) methods.push("get");
  if (/export (async )?function action|export const action/.test(source)) {
    const named = [...source.matchAll(/request\.method [!=]== "([A-Z]+)"/g)].map((match) => match[1].toLowerCase());
    methods.push(...(named.length > 0 ? new Set(named) : ["post"]));
  }
  return methods;
}

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document whose refs resolve and whose operations all answer something", async () => {
    const document = await served();
    expect(document.openapi).toBe("3.1.0");
    for (const ref of refsIn(document)) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas[ref.split("/").pop() as string], ref).toBeDefined();
    }
    for (const [where, item] of Object.entries(document.paths)) {
      const templated = [...where.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${where}`).toBeGreaterThan(0);
        const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
        expect(pathParameters.sort(), `${method} ${where}`).toEqual([...templated].sort());
        for (const requirement of (operation.security ?? []) as Array<Record<string, unknown>>) {
          for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes[scheme], scheme).toBeDefined();
        }
      }
    }
  });

  it("has every app/routes/api.* file, at the path its name gives and with the methods it answers", async () => {
    const document = await served();
    const files = apiRouteFiles();
    expect(files.length).toBeGreaterThanOrEqual(46);
    for (const file of files) {
      const expected = pathOfRouteFile(file);
      const item = document.paths[expected];
      expect(item, `${file} → ${expected}`).toBeDefined();
      for (const method of methodsOfRouteFile(file)) {
        expect(item[method]?.["x-route-file"], `${method.toUpperCase()} ${expected} (${file})`).toBe(`app/routes/${file}`);
      }
    }
  });

  it("maps URLs to the document's paths, a literal segment before a parameter", () => {
    expect(documentPathFor("/api/orders/my")).toBe("/api/orders/my");
    expect(documentPathFor("/api/orders/ORD-1")).toBe("/api/orders/{orderNumber}");
    expect(documentPathFor("/api/products/abc/notify")).toBe("/api/products/{id}/notify");
    expect(documentPathFor("/api/nowhere/at/all")).toBeUndefined();
  });

  it("fails an answer that drifts from the document, or whose status it does not list", async () => {
    const product = ProductAnswer.shape.product;
    const wrong = Response.json({ product: { _id: "p1" } });
    await expect(expectConformsToOpenApi("GET", "/api/products/p1", wrong)).rejects.toThrow(/drifts/);
    await expect(expectConformsToOpenApi("GET", "/api/products/p1", Response.json({ message: "x" }, { status: 418 }))).rejects.toThrow(/not listed/);
    await expect(expectConformsToOpenApi("GET", "/api/products/p1", Response.json({ message: "x" }, { status: 404 }))).resolves.toBeUndefined();
    await expect(expectConformsToOpenApi("GET", "/api/products/p1", Response.json({ error: "x" }, { status: 404 }))).rejects.toThrow(/drifts/);
    await expect(expectConformsToOpenApi("GET", "/api/categories", Response.json({ categories: [], extra: 1 }))).rejects.toThrow(/drifts/);
    await expect(expectConformsToOpenApi("GET", "/api/categories", Response.json({ categories: [] }))).resolves.toBeUndefined();
    expect(Object.keys(product.shape)).toContain("isNewArrivals");
  });

  it("names the answers every client meets: 429 with Retry-After, 413, 405, ETag, Set-Cookie, the admin tabs", async () => {
    const document = (await served()) as unknown as {
      servers: { url: string }[];
      tags: { name: string }[];
      paths: Record<string, Record<string, { tags: string[]; parameters: { name: string; schema: { enum?: string[] } }[]; responses: Record<string, { headers?: Record<string, unknown> }>; requestBody?: { content: Record<string, { schema: { properties: Record<string, { enum?: string[] }>; required?: string[] } }> } }>>;
    };
    expect(document.servers.length).toBeGreaterThan(0);
    const tagNames = document.tags.map((tag) => tag.name);
    for (const item of Object.values(document.paths)) for (const operation of Object.values(item)) expect(tagNames).toEqual(expect.arrayContaining(operation.tags));
    const placing = document.paths["/api/orders"].post.responses;
    expect(placing[429].headers).toHaveProperty("Retry-After");
    expect(placing[201].headers).toHaveProperty("Set-Cookie");
    expect(Object.keys(placing)).toEqual(expect.arrayContaining(["405", "413", "429"]));
    expect(document.paths["/api/auth/login"].post.responses[200].headers).toHaveProperty("Set-Cookie");
    expect(document.paths["/api/products/{id}"].get.responses[200].headers).toHaveProperty("ETag");
    const tabs = document.paths["/api/admin/orders"].get.parameters.find((parameter) => parameter.name === "status");
    expect(tabs?.schema.enum).toEqual(["toPrepare", "pending", "processing", "outForDelivery", "delivered", "cancelled", "unpaid"]);
    const coupon = document.paths["/api/admin/coupons"].post.requestBody!.content["application/json"].schema;
    expect(Object.keys(coupon.properties)).toEqual(expect.arrayContaining(["code", "type", "value", "minTotal", "startsAt", "endsAt", "maxUses", "maxUsesPerCustomer", "freeDelivery", "isActive"]));
    expect(coupon.properties.type.enum).toEqual(["percentage", "fixed"]);
  });

  it("passes redocly lint (recommended rules, redocly.yaml) without errors", async () => {
    const file = path.resolve("tests/.tmp", `openapi-${process.pid}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(await served()));
    try {
      const run = promisify(execFile);
      const { stdout, stderr } = await run(path.resolve("node_modules/.bin/redocly"), ["lint", file, "--format", "json"], { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } }).catch(
        (failure: { stdout: string; stderr: string }) => failure,
      );
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { severity: string; message: string }[] };
      expect(report.problems.filter((problem) => problem.severity === "error"), stderr).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }, 60_000);
});
