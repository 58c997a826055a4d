import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/api.openapi[.]json";
import { ProductAnswer } from "~/api-docs/responses.server";
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
});
