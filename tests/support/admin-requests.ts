/** Requests signed in as the administrator or as a shopper, for calling loaders and actions directly. */
import { prisma } from "~/db.server";
import { createAdminSession } from "~/auth/admin-session.server";
import { createAdmin } from "../factories/admin";
import { createCustomer } from "../factories/customer";
import { createSession } from "../factories/session";
import { uniqueId } from "../factories/unique";

export async function adminCookie(role: "owner" | "orders" | "catalogue" = "owner"): Promise<{ cookie: string; admin: { id: string; email: string } }> {
  const admin = await createAdmin(prisma, { role });
  const setCookie = await createAdminSession(admin.id);
  return { cookie: setCookie.split(";")[0], admin: { id: admin.id, email: admin.email } };
}

/** A shopper's bearer token (the customer API accepts it the same as the cookie). */
export async function customerToken(): Promise<string> {
  const customer = await createCustomer(prisma);
  return createSession(prisma, { customerId: customer.id });
}

export function request(path: string, init: RequestInit & { cookie?: string; token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://localhost${path}`, { ...init, headers, body });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** What the shop answers, a thrown Response included (Remix sends it as the answer). */
export async function answer(handler: unknown, req: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    const result = await (handler as Handler)({ request: req, params, context: { cspNonce: "", clientAddress: uniqueId("ip") } });
    if (result instanceof Response) return result;
    const single = result as { type?: string; data?: unknown; init?: { status?: number } | null };
    if (single?.type === "DataWithResponseInit") return Response.json(single.data, { status: single.init?.status ?? 200 });
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export async function message(response: Response): Promise<string> {
  return ((await response.json()) as { message: string }).message;
}

export function form(path: string, fields: Record<string, string>, cookie?: string) {
  return request(path, { method: "POST", cookie, body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
}
