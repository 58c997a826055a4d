/** Calls Remix loaders and actions directly, like a browser with a cookie jar or an API client. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { expectConformsToOpenApi } from "../support/openapi-conformance";

type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown;

/** Page routes answer Remix's `data(value, init)` or plain objects; API routes answer Responses. */
function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init?: ResponseInit };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result);
}

export class RouteClient {
  cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(
    private readonly address = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    private readonly language: "ar" | "en" = "en",
  ) {}

  cookieHeader(): string {
    return [`lang=${this.language}`, ...[...this.cookies].map(([name, value]) => `${name}=${value}`)].join("; ");
  }

  private remember(response: Response) {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async call(handler: Handler, path: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}, params: Record<string, string> = {}) {
    const request = new Request(`http://localhost${path}`, {
      method: init.method ?? "GET",
      body: init.body,
      headers: { Cookie: this.cookieHeader(), ...init.headers },
    });
    let response: Response;
    try {
      response = toResponse(await handler({ request, params, context: { cspNonce: "", clientAddress: this.address } }));
    } catch (thrown) {
      if (thrown instanceof Response) response = thrown;
      else throw thrown;
    }
    await expectConformsToOpenApi(request.method, request.url, response);
    this.remember(response);
    return response;
  }

  async json(handler: Handler, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await this.call(handler, path, {
      method: body === undefined ? "GET" : "POST",
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "Content-Type": "application/json", ...headers },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }

  async form(handler: Handler, path: string, fields: Record<string, string>) {
    return this.call(handler, path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  }
}
