import type { ActionFunctionArgs } from "@remix-run/node";
import { expectConformsToOpenApi } from "./openapi-conformance";

type Handler = (args: ActionFunctionArgs) => unknown;

/**
 * Calls a route's loader or action with `request` as an admin's browser or API client would, and reads its answer:
 * a Response (checked against the OpenAPI document), Remix's `data(value, init)`, or a plain object; a thrown Response
 * is an answer too.
 */
export async function handlerAnswer(handler: Handler, request: Request, params: Record<string, string>, clientAddress: string) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", clientAddress } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    await expectConformsToOpenApi(request.method, request.url, result.clone());
    return { status: result.status, body: (await result.json()) as Record<string, unknown> };
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}
