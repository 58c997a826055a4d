import { createHash } from "node:crypto";
import { bilingual } from "~/i18n/bilingual.server";
import { readWholeNumber, type WholeNumberRule } from "~/shared/paging";
import { noneMatchHits } from "~/utils/etag";
import { SHARED_PAGE_HEADER } from "~/utils/shared-page";

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

/**
 * A catalogue answer (`/api/categories`, `/api/products`, one category or product): public, the same for every
 * caller until the catalogue changes. It carries a strong `ETag` (a hash of its JSON) and is `304` without a body
 * when the client's `If-None-Match` already names it; `no-cache` makes clients ask again, cheaply, each time. The
 * shared-page header lets the server keep the answer for the next caller, as it keeps catalogue pages
 * (server/page-cache.ts), until the database changes.
 */
export function catalogueJson(request: Request, data: unknown): Response {
  const body = JSON.stringify(data);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
  const headers = { "Cache-Control": "no-cache", ETag: etag, [SHARED_PAGE_HEADER]: "1" };
  if (noneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { "Content-Type": "application/json", ...headers } });
}
