import type { z } from "zod";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import { resources } from "~/i18n/resources";
import { jsonError, readJsonBody } from "~/utils/api.server";

type Tree = { [key: string]: string | Tree };

/** The schemas' messages are keys, but zod's own (a body that is not an object, a wrong type) are plain English text. */
function isMessageKey(text: string): text is MessageKey {
  const node = text.split(".").reduce<string | Tree | undefined>((tree, part) => (typeof tree === "object" ? tree[part] : undefined), resources.en.translation as unknown as Tree);
  return typeof node === "string";
}

/**
 * A field's message when its schema gives no key: zod's own text is English developer's words ("Invalid option:
 * expected one of …"), so the field is named in the shop's two languages instead.
 */
function fallbackMessage(path: readonly PropertyKey[]): string {
  return path.length === 0 ? bilingual("api.fields.body") : bilingual("api.fields.invalid", { field: path.map(String).join(".") });
}

/** Reads and validates a JSON body with the same schema the page uses; a 400 with field errors otherwise. */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<{ data: z.output<Schema>; token: unknown }> {
  const body = await readJsonBody(request);
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data, token: bodyToken(body) };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "body");
    (fieldErrors[field] ??= []).push(isMessageKey(issue.message) ? bilingual(issue.message) : fallbackMessage(issue.path));
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? bilingual("account.messages.genericError");
  throw jsonError(400, first, fieldErrors);
}

function bodyToken(body: unknown): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>).verificationToken : undefined;
}

/**
 * For POST-only API paths: any other method (a GET to the loader, a PUT, PATCH or DELETE to the action) answers 405
 * in the API's error shape; the server adds `Allow: POST` (server/api-methods.ts).
 */
export function postOnly() {
  return jsonError(405, bilingual("api.usePost"));
}

export function jsonOk(data: object, headers?: HeadersInit) {
  const merged = new Headers(headers);
  merged.set("Cache-Control", "no-store");
  return Response.json(data, { headers: merged });
}
