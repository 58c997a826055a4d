/**
 * Checks an API answer against the OpenAPI document (/api/openapi.json): its status must be one the document lists
 * for the path and method, and its JSON must validate against that status's schema. The schema is read back from
 * the served JSON with zod's JSON Schema reader (`z.fromJSONSchema`), not taken from the zod source, so what is
 * checked is the document clients generate code from. A method the path does not offer may only answer 405.
 */
import { z } from "zod";
import { openApiJson } from "~/api/openapi.server";

type JsonSchema = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: { "application/json"?: { schema: JsonSchema }; "text/plain"?: { schema: JsonSchema } } }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

let document: Document | undefined;
const validators = new Map<string, z.ZodType>();

function openApiDocument(): Document {
  document ??= JSON.parse(openApiJson()) as Document;
  return document;
}

function templateMatches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, (char) => (char === "{" || char === "}" ? char : `\\${char}`)).replace(/\{[^}]+\}/g, "[^/]+");
  return new RegExp(`^${pattern}$`).test(path);
}

/** The document's path for a URL path: a literal match first (`/api/orders/my` before `/api/orders/{orderNumber}`). */
export function documentPathFor(path: string): string | undefined {
  const paths = Object.keys(openApiDocument().paths);
  return paths.find((template) => template === path) ?? paths.find((template) => templateMatches(template, path));
}

/** The document's refs point into components; zod's reader resolves `#/$defs/…`, so they are carried along. */
function validatorFor(key: string, schema: JsonSchema): z.ZodType {
  let validator = validators.get(key);
  if (!validator) {
    const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
    const defs = JSON.parse(JSON.stringify(openApiDocument().components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/')) as Record<string, JsonSchema>;
    validator = z.fromJSONSchema({ ...(JSON.parse(text) as JsonSchema), $defs: defs } as Parameters<typeof z.fromJSONSchema>[0]);
    validators.set(key, validator);
  }
  return validator;
}

/** Throws when the answer drifts from the document; answers outside `/api/` are not its business. */
export async function expectConformsToOpenApi(method: string, url: string, response: Response): Promise<void> {
  const { pathname } = new URL(url, "http://localhost");
  if (!pathname.startsWith("/api/")) return;
  const where = `${method.toUpperCase()} ${pathname} → ${response.status}`;
  const path = documentPathFor(pathname);
  if (!path) throw new Error(`OpenAPI: ${pathname} is not in the document (${where})`);
  const operation = openApiDocument().paths[path][method.toLowerCase()];
  if (!operation) {
    if (response.status === 405) return;
    throw new Error(`OpenAPI: ${method} is not an operation of ${path} (${where})`);
  }
  const answer = operation.responses[String(response.status)];
  if (!answer) throw new Error(`OpenAPI: status ${response.status} is not listed for ${method.toUpperCase()} ${path} (${where})`);
  const schema = answer.content?.["application/json"]?.schema;
  const text = await response.clone().text();
  if (answer.content?.["text/plain"]) {
    if (!response.headers.get("Content-Type")?.startsWith("text/plain")) throw new Error(`OpenAPI: ${where} should be text/plain`);
    return;
  }
  if (!schema) {
    if (text !== "") throw new Error(`OpenAPI: ${where} has a body the document does not describe`);
    return;
  }
  const result = validatorFor(`${method} ${path} ${response.status}`, schema).safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`OpenAPI: ${where} drifts from the document:\n${z.prettifyError(result.error)}`);
}

type RouteArgs = { request: Request };

/** A loader or action whose every answer, returned or thrown, is checked against the document on its way out. */
export function checkedRoute<Args extends RouteArgs, Result>(handler: (args: Args) => Result | Promise<Result>): (args: Args) => Promise<Result> {
  return async (args) => {
    let result: Result;
    try {
      result = await handler(args);
    } catch (thrown) {
      if (thrown instanceof Response) await expectConformsToOpenApi(args.request.method, args.request.url, thrown);
      throw thrown;
    }
    if (result instanceof Response) await expectConformsToOpenApi(args.request.method, args.request.url, result);
    return result;
  };
}

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

/**
 * Calls a route's loader or action as Remix would and answers its Response, returned or thrown, once it has been
 * checked against the document: the one `run` of the API tests.
 */
export async function runChecked(handler: unknown, request: Request, params: Record<string, string> = {}, context: object = {}): Promise<Response> {
  try {
    const response = await (handler as Handler)({ request, params, context });
    await expectConformsToOpenApi(request.method, request.url, response);
    return response;
  } catch (thrown) {
    if (thrown instanceof Response) {
      await expectConformsToOpenApi(request.method, request.url, thrown);
      return thrown;
    }
    throw thrown;
  }
}
