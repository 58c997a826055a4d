import type { z } from "zod";
import { resources } from "~/i18n/resources";
import { jsonError, readJsonBody } from "~/utils/api.server";

type Tree = { [key: string]: string | Tree };

/** "account.validation.emailInvalid" → "Please enter a valid email address. / يرجى إدخال بريد إلكتروني صحيح." */
export function bilingualText(key: string): string {
  const find = (tree: Tree) =>
    key.split(".").reduce<string | Tree | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), tree);
  const en = find(resources.en.translation as unknown as Tree);
  const ar = find(resources.ar.translation as unknown as Tree);
  return typeof en === "string" && typeof ar === "string" ? `${en} / ${ar}` : key;
}

/** Reads and validates a JSON body with the same schema the page uses; a 400 with field errors otherwise. */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<{ data: z.output<Schema>; token: unknown }> {
  const body = await readJsonBody(request);
  const result = schema.safeParse(body);
  if (result.success) return { data: result.data, token: bodyToken(body) };
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "body");
    (fieldErrors[field] ??= []).push(bilingualText(issue.message));
  }
  const first = Object.values(fieldErrors)[0]?.[0] ?? bilingualText("account.messages.genericError");
  throw jsonError(400, first, fieldErrors);
}

function bodyToken(body: unknown): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>).verificationToken : undefined;
}

/** For POST-only API paths: a GET answers 405 in the API's error shape instead of an error page. */
export function postOnly() {
  return jsonError(405, "Use POST for this address. / استخدم POST لهذا العنوان.");
}

export function jsonOk(data: object, headers?: HeadersInit) {
  const merged = new Headers(headers);
  merged.set("Cache-Control", "no-store");
  return Response.json(data, { headers: merged });
}
