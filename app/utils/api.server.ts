import { createHash } from "node:crypto";
import { bilingual } from "~/i18n/bilingual.server";
import { readWholeNumber, type WholeNumberRule } from "~/shared/paging";

/** CONTRACT.md's error shape: `{ message }`, plus field errors where there are any. */
export function jsonError(status: number, message: string, fieldErrors?: Record<string, string[]>) {
  return Response.json(fieldErrors ? { message, fieldErrors } : { message }, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Reads a JSON body, answering 400 instead of throwing on malformed input. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw jsonError(400, bilingual("api.invalidJson"));
  }
}

/**
 * Paging parameters of an API call (`page`, `pageSize`): each a whole number within its rule, or the rule's default
 * when left out. Anything else is the client's mistake and is answered 400 rather than guessed at.
 */
export function readApiPaging<Name extends string>(params: URLSearchParams, rules: Record<Name, WholeNumberRule>): Record<Name, number> {
  const values = {} as Record<Name, number>;
  for (const [name, rule] of Object.entries(rules) as [Name, WholeNumberRule][]) {
    const value = readWholeNumber(params.get(name), rule);
    if (value === null) throw jsonError(400, bilingual("api.invalidPaging", { name, min: rule.min, max: rule.max }));
    values[name] = value;
  }
  return values;
}

/** Does an `If-None-Match` header name this entity tag? Weak comparison (RFC 9110 13.1.2), as GET allows. */
function noneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * A catalogue answer with a strong `ETag` (a hash of its JSON), or `304` and no body when the client's
 * `If-None-Match` already names it: the same JSON as `Response.json(data, { headers })` otherwise.
 */
export function jsonWithETag(request: Request, data: unknown, headers: Record<string, string>): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  if (noneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers: { ...headers, ETag: etag } });
  return new Response(body, { headers: { "Content-Type": "application/json", ...headers, ETag: etag } });
}
