import type { ActionFunctionArgs } from "@remix-run/node";
import { readToast } from "~/cookies/toast.server";
import { expectConformsToOpenApi } from "./openapi-conformance";

type Handler = (args: ActionFunctionArgs) => unknown;

/**
 * Calls a route's loader or action with `request` as an admin's browser or API client would, and reads its answer:
 * a Response (checked against the OpenAPI document), Remix's `data(value, init)`, or a plain object; a thrown Response
 * is an answer too. A page's Post/Redirect/Get answers where it goes and its flash toast, worded in the request's
 * `lang` cookie's language as the page it lands on shows it.
 */
export async function handlerAnswer(handler: Handler, request: Request, params: Record<string, string>, clientAddress: string) {
  let result: unknown;
  try {
    result = await handler({ request, params, context: { cspNonce: "", clientAddress } });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response && result.status >= 300 && result.status < 400) {
    return { status: result.status, body: { location: result.headers.get("Location"), toast: flashToast(request, result) } };
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

/** The message a redirect's flash cookie leaves for the page it goes to, or null. */
function flashToast(request: Request, response: Response): string | null {
  const flash = response.headers.getSetCookie().find((line) => line.startsWith("shop_flash="));
  if (!flash) return null;
  const language = /(?:^|;\s*)lang=en(?:;|$)/.test(request.headers.get("Cookie") ?? "") ? "en" : "ar";
  const landing = new Request(new URL(response.headers.get("Location") ?? "/", request.url), { headers: { Cookie: flash.split(";")[0] } });
  return readToast(landing, language).toast?.message ?? null;
}
